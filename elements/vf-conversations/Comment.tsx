/**
 * One comment: author, time, "Edited" mark, state badges and (for moderators) the flag count,
 * the text, Like / Dislike / Reply and the "More actions" menu (with "Report illegal content"
 * beside Report, for guests too). Edit swaps the text for an inline editor; Remove asks first; a
 * removed comment stays as a short placeholder so its replies keep their parent. Action errors
 * show in the comment.
 */
import { useState } from 'react';
import { commentMutationsApi } from '../../core/api/comments.ts';
import type { Comment as CommentData } from '../../core/api/types.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { useT } from '../ui/useIntl.ts';
import { CommentMenu } from '../ui/CommentMenu.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { ReactionButton } from '../ui/ReactionButton.tsx';
import { ReplyBox } from './ReplyBox.tsx';
import { StateBadges } from '../ui/StateBadge.tsx';
import { useCommentActions } from './useCommentActions.ts';
import { useGuestGate } from '../ui/useGuestGate.ts';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { LazyBanDialog } from '../ui/moderationTools.ts';
import { usePermission } from '../ui/usePermission.ts';
import { besideReport, useContentNotice } from '../ui/notice/useNoticeMenu.tsx';

export interface CommentProps {
  comment: CommentData;
  sectionUuid: string;
  containerUuid: string;
}

type Mode = 'read' | 'edit' | 'confirm-remove' | 'ban';

const toggleReaction = commentMutationsApi.endpoints.toggleReaction.initiate;
// The author's and moderators' tools: chunks of their own, fetched when first opened.
const LazyEditForm = lazyChunk(() => import('./EditForm.tsx').then((module) => module.EditForm), 3);
const LazyConfirmRemove = lazyChunk(() => import('./ConfirmRemove.tsx').then((module) => module.ConfirmRemove), 1);

export function Comment({ comment, sectionUuid, containerUuid }: CommentProps) {
  const t = useT();
  const guest = useGuestGate('reply.create');
  // Guests see Reply (they are asked to log in); a site with commenting off, a ban or a mute hides it.
  const reply = usePermission('reply', 'create');
  const canReply = reply.allowed || reply.reason === 'login_required' || reply.reason === 'email_verification_required';
  const [replying, setReplying] = useState(false);
  const [mode, setMode] = useState<Mode>('read');
  const [notice, setNotice] = useState<string | null>(null);
  const actions = useCommentActions(comment, sectionUuid, {
    edit: () => setMode('edit'),
    remove: () => setMode('confirm-remove'),
    ban: () => setMode('ban'),
  });
  const isReply = comment.parent_uuid !== null;
  const legalNotice = useContentNotice(comment, isReply ? 'reply' : 'comment');
  const removed = comment.state === 'deleted';
  const name = comment.actor.name;

  return (
    <article
      className={`vf-comment${isReply ? ' vf-comment--reply' : ''}${comment.state !== 'visible' ? ` vf-comment--${comment.state}` : ''}`}
      part={isReply ? 'comment reply' : 'comment'}
      data-uuid={comment.content_uuid}
      data-state={comment.state}
      aria-label={t('conversations.comment.label', { name })}
      aria-busy={actions.busy || undefined}
    >
      <Avatar name={name} src={comment.actor.pic_small} seed={comment.actor_uuid} />
      <div className="vf-comment__main">
        <header className="vf-comment__header">
          <span className="vf-comment__author" part="author">
            {name}
          </span>
          <span className="vf-comment__time">
            <RelativeTime time={comment.date_created} />
          </span>
          {comment.is_edited && !removed ? (
            <span
              className="vf-comment__edited"
              title={comment.date_edited ? t('conversations.comment.editedAt', { date: new Date(comment.date_edited) }) : undefined}
            >
              {t('conversations.comment.edited')}
            </span>
          ) : null}
          {comment.is_pinned ? <span className="vf-badge vf-badge--pinned">{t('conversations.comment.pinned')}</span> : null}
          {comment.is_picked ? <span className="vf-badge vf-badge--picked">{t('conversations.comment.picked')}</span> : null}
          <StateBadges comment={comment} />
          {comment.total_flags ? <span className="vf-badge vf-badge--flags">{t('conversations.comment.flags', { count: comment.total_flags })}</span> : null}
        </header>
        {removed ? (
          <p className="vf-comment__removed">{t('conversations.comment.removed')}</p>
        ) : mode === 'edit' ? (
          <LazyEditForm comment={comment} sectionUuid={sectionUuid} onDone={() => setMode('read')} />
        ) : (
          <CommentText text={comment.content} />
        )}
        {mode === 'confirm-remove' ? (
          <LazyConfirmRemove comment={comment} sectionUuid={sectionUuid} onDone={() => setMode('read')} onError={actions.setError} />
        ) : null}
        {actions.error ? (
          <p className="vf-error" role="alert">
            {actions.error}
          </p>
        ) : null}
        {notice ? <p className="vf-comment__notice" role="status">{notice}</p> : null}
        <div className="vf-comment__actions" part="actions">
          {removed ? null : (
            <>
              <ReactionButton comment={comment} sectionUuid={sectionUuid} reaction="like" toggle={toggleReaction} />
              <ReactionButton comment={comment} sectionUuid={sectionUuid} reaction="dislike" toggle={toggleReaction} />
            </>
          )}
          {canReply && !removed ? (
            <Button variant="ghost" aria-expanded={replying} onClick={() => guest.requireLogin(() => setReplying((r) => !r))}>
              {t('conversations.reply')}
            </Button>
          ) : null}
          <CommentMenu label={t('conversations.menu.label', { name })} items={besideReport(actions.items, legalNotice.items)} />
        </div>
        {replying && canReply ? (
          <ReplyBox sectionUuid={sectionUuid} containerUuid={containerUuid} parent={comment} onDone={() => setReplying(false)} />
        ) : null}
        {mode === 'ban' ? (
          <LazyBanDialog author={comment.actor} onClose={() => setMode('read')} onBanned={() => setNotice(t('conversations.ban.done', { name }))} />
        ) : null}
        {legalNotice.dialog}
      </div>
    </article>
  );
}
