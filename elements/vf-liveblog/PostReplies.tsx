/**
 * Readers' replies under a post: the reply box, and the replies (oldest first, plain text like
 * comments) once the "N replies" toggle opens them, with "Load more replies". A reader likes and
 * reports replies, and anyone but its author can report one as illegal ("More actions"); editors
 * remove them. Posting a reply announces `vf-comment-posted`.
 */
import { useState } from 'react';
import { liveblogApi, useLiveblogRepliesInfiniteQuery } from '../../core/api/liveblog.ts';
import type { Comment } from '../../core/api/types.ts';
import { AuthorLine } from '../ui/AuthorLine.tsx';
import { Button } from '../ui/Button.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission } from '../ui/usePermission.ts';
import { usePostContent } from '../ui/usePostContent.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { ReactionButton } from '../ui/ReactionButton.tsx';
import { ReplyEditor } from '../ui/ReplyEditor.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { CommentMenu } from '../ui/CommentMenu.tsx';
import { useContentNotice } from '../ui/notice/useNoticeMenu.tsx';

/** Replies per page. */
const REPLY_PAGE = 10;
const toggleLike = liveblogApi.endpoints.toggleLiveblogReaction.initiate;

export interface ReplyBoxProps {
  post: Comment;
  sectionUuid: string;
  onDone(): void;
  onPosted(): void;
}

export function ReplyBox({ post, sectionUuid, onDone, onPosted }: ReplyBoxProps) {
  const t = useT();
  const emit = useHostEvent();
  const [, run] = useRunMutation();
  const containerUuid = post.content_container_uuid;
  const { post: send, busy, error } = usePostContent(
    (content) => run(liveblogApi.endpoints.createReply.initiate({ sectionUuid, containerUuid, parentUuid: post.content_uuid, content })),
    {
      action: 'reply.create',
      failed: t('conversations.error.post'),
      onPosted: (comment) => {
        emit('vf-comment-posted', { comment });
        onPosted();
      },
    },
  );
  return <ReplyEditor parent={post} post={send} busy={busy} error={error} onDone={onDone} />;
}

function Reply({ reply, sectionUuid, editor }: { reply: Comment; sectionUuid: string; editor: boolean }) {
  const t = useT();
  const guest = useGuestGate('content.flag');
  const flag = usePermission('content', 'flag', { actor_uuid: reply.actor_uuid });
  const [busy, run] = useRunMutation();
  const [error, setError] = useState<string | null>(null);
  const removed = reply.state === 'deleted';
  const ref = { sectionUuid, containerUuid: reply.content_container_uuid, contentUuid: reply.content_uuid };
  const flagged = !!reply.actions.flagged;
  const legalNotice = useContentNotice(reply, 'liveblogReply');

  const act = (start: Parameters<typeof run>[0]) => {
    setError(null);
    run(start).catch(() => setError(t('conversations.error.action')));
  };

  return (
    <article className="vf-reply" part="reply" data-uuid={reply.content_uuid} aria-label={t('conversations.liveblog.reply.label', { name: reply.actor.name })} aria-busy={busy || undefined}>
      <AuthorLine actor={reply.actor} time={reply.date_created} />
      {removed ? <p className="vf-post__removed">{t('conversations.liveblog.reply.removed')}</p> : <CommentText text={reply.content} />}
      <ErrorAlert message={error} />
      {removed ? null : (
        <div className="vf-post__actions" part="actions">
          <ReactionButton comment={reply} sectionUuid={sectionUuid} reaction="like" toggle={toggleLike} labels="conversations.liveblog.reply" />
          {flag.allowed || flag.reason === 'login_required' ? (
            <Button
              variant="ghost"
              data-action={flagged ? 'unflag' : 'flag'}
              aria-pressed={flagged}
              onClick={() => guest.requireLogin(() => act(liveblogApi.endpoints.flagReply.initiate({ ...ref, on: !flagged })))}
            >
              {t(flagged ? 'conversations.action.unflag' : 'conversations.action.flag')}
            </Button>
          ) : null}
          {editor ? (
            <Button variant="ghost" data-action="remove" onClick={() => act(liveblogApi.endpoints.removeContent.initiate(ref))}>
              {t('conversations.action.remove')}
            </Button>
          ) : null}
          <CommentMenu label={t('base.notice.replyMenu', { name: reply.actor.name })} items={legalNotice.items} />
        </div>
      )}
      {legalNotice.dialog}
    </article>
  );
}

export interface ReplyListProps {
  id: string;
  post: Comment;
  sectionUuid: string;
  editor: boolean;
}

export function ReplyList({ id, post, sectionUuid, editor }: ReplyListProps) {
  const t = useT();
  const args = { sectionUuid, containerUuid: post.content_container_uuid, postUuid: post.content_uuid, limit: REPLY_PAGE };
  const list = useLiveblogRepliesInfiniteQuery(args);
  const replies = list.data?.pages.flatMap((page) => page.contents) ?? [];

  return (
    <div className="vf-post__replies" id={id}>
      {!list.data && !list.isError ? <Skeleton lines={2} label={t('conversations.liveblog.replies.loading')} /> : null}
      {replies.length > 0 ? (
        <ol className="vf-list vf-list--replies" aria-label={t('conversations.liveblog.replies.label', { name: post.actor.name })}>
          {replies.map((reply) => (
            <li key={reply.content_uuid}>
              <Reply reply={reply} sectionUuid={sectionUuid} editor={editor} />
            </li>
          ))}
        </ol>
      ) : null}
      {list.isError ? (
        <p className="vf-error" role="alert">
          {t('conversations.error.replies')}{' '}
          <Button variant="ghost" onClick={() => void (list.data ? list.fetchNextPage() : list.refetch())}>
            {t('conversations.retry')}
          </Button>
        </p>
      ) : list.hasNextPage ? (
        <Button variant="ghost" className="vf-replies__more" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('conversations.liveblog.replies.more')}
        </Button>
      ) : null}
    </div>
  );
}
