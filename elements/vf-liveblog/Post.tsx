/**
 * One live-blog post: author (avatar, name, role), time, Pinned / edited marks, the rich text,
 * Like, Reply and the "N replies" toggle (replies stay collapsed until asked for), and for
 * editors Edit (in place), Pin / Unpin and Remove (asked in place first). A guest's Reply opens
 * the login dialog and the reply box 1 s after the login (content.md §4).
 */
import { memo, useId, useState } from 'react';
import { liveblogApi } from '../../core/api/liveblog.ts';
import type { Comment } from '../../core/api/types.ts';
import { AuthorLine } from '../ui/AuthorLine.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmInPlace } from '../ui/ConfirmInPlace.tsx';
import { ReactionButton } from '../ui/ReactionButton.tsx';
import { RichText } from '../ui/RichText.tsx';
import { useAttemptAfterLogin } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission } from '../ui/usePermission.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { LazyPostComposer } from './lazyComposer.ts';
import { PostPoll } from './PostPoll.tsx';
import { ReplyBox, ReplyList } from './PostReplies.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

export const toggleLike = liveblogApi.endpoints.toggleLiveblogReaction.initiate;

export interface PostProps {
  post: Comment;
  sectionUuid: string;
  /** The live blog is closed: no new replies (likes still work). */
  closed: boolean;
  /** The viewer may publish (live_content.create): edit, pin and remove. */
  editor: boolean;
}

type Mode = 'read' | 'edit' | 'confirm-remove';

export const Post = memo(function Post({ post, sectionUuid, closed, editor }: PostProps) {
  const t = useT();
  const ids = useId();
  const [mode, setMode] = useState<Mode>('read');
  const [repliesOpen, setRepliesOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const [addingPoll, setAddingPoll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useRunMutation();
  const attempt = useAttemptAfterLogin();
  const reply = usePermission('reply', 'create', { is_closed: closed });
  const canReply = reply.allowed || reply.reason === 'login_required' || reply.reason === 'email_verification_required';
  const removed = post.state === 'deleted';
  const name = post.actor.name;
  const ref = { sectionUuid, containerUuid: post.content_container_uuid, contentUuid: post.content_uuid };

  const act = async (start: Parameters<typeof run>[0]) => {
    setError(null);
    try {
      await run(start);
      return true;
    } catch {
      setError(t('conversations.error.action'));
      return false;
    }
  };
  const remove = async () => {
    await act(liveblogApi.endpoints.removeContent.initiate(ref));
    setMode('read');
  };

  return (
    <article
      className={`vf-post${post.is_pinned ? ' vf-post--pinned' : ''}`}
      part={post.is_pinned ? 'post pinned-post' : 'post'}
      data-uuid={post.content_uuid}
      data-state={post.state}
      aria-label={t('conversations.liveblog.post.label', { name })}
      aria-busy={busy || undefined}
      tabIndex={-1}
    >
      <AuthorLine actor={post.actor} time={post.date_created}>
        {post.is_pinned ? <span className="vf-badge vf-badge--pinned">{t('conversations.liveblog.pinned')}</span> : null}
        {post.is_edited && !removed ? <span className="vf-post__edited">{t('conversations.comment.edited')}</span> : null}
      </AuthorLine>
      {removed ? (
        <p className="vf-post__removed">{t('conversations.liveblog.removed')}</p>
      ) : mode === 'edit' ? (
        <LazyPostComposer sectionUuid={sectionUuid} containerUuid={post.content_container_uuid} post={post} onDone={() => setMode('read')} />
      ) : (
        <RichText text={post.content} media={post.media} />
      )}
      {removed ? null : <PostPoll sectionUuid={sectionUuid} containerUuid={post.content_container_uuid} postUuid={post.content_uuid} adding={addingPoll} />}
      {mode === 'confirm-remove' ? (
        <ConfirmInPlace
          question={t('conversations.liveblog.remove.confirm')}
          confirmLabel={t('conversations.action.remove')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setMode('read')}
        />
      ) : null}
      <ErrorAlert message={error} />
      {removed ? null : (
        <div className="vf-post__actions" part="actions">
          <ReactionButton comment={post} sectionUuid={sectionUuid} reaction="like" toggle={toggleLike} labels="conversations.liveblog" />
          {canReply ? (
            <Button variant="ghost" aria-expanded={replying} onClick={() => attempt('reply.create', () => setReplying((r) => !r))}>
              {t('conversations.reply')}
            </Button>
          ) : null}
          {post.total_replies > 0 ? (
            <Button
              variant="ghost"
              className="vf-post__replies-toggle"
              aria-expanded={repliesOpen}
              aria-controls={repliesOpen ? `${ids}-replies` : undefined}
              onClick={() => setRepliesOpen((open) => !open)}
            >
              {t('conversations.liveblog.replies.toggle', { count: post.total_replies })}
            </Button>
          ) : null}
          {editor && mode === 'read' ? (
            <span className="vf-post__editor-actions">
              <Button variant="ghost" data-action="edit" onClick={() => setMode('edit')}>
                {t('conversations.action.edit')}
              </Button>
              <Button
                variant="ghost"
                data-action={post.is_pinned ? 'unpin' : 'pin'}
                onClick={() => void act(liveblogApi.endpoints.pinPost.initiate({ ...ref, on: !post.is_pinned }))}
              >
                {t(post.is_pinned ? 'conversations.action.unpin' : 'conversations.action.pin')}
              </Button>
              <Button variant="ghost" data-action="add-poll" aria-pressed={addingPoll} onClick={() => setAddingPoll((on) => !on)}>
                {t('conversations.liveblog.addPoll')}
              </Button>
              <Button variant="ghost" data-action="remove" onClick={() => setMode('confirm-remove')}>
                {t('conversations.action.remove')}
              </Button>
            </span>
          ) : null}
        </div>
      )}
      {replying && canReply && !removed ? <ReplyBox post={post} sectionUuid={sectionUuid} onDone={() => setReplying(false)} onPosted={() => setRepliesOpen(true)} /> : null}
      {repliesOpen ? <ReplyList id={`${ids}-replies`} post={post} sectionUuid={sectionUuid} editor={editor} /> : null}
    </article>
  );
});
