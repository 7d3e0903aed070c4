/** One comment: author, time, text, Like and Reply; Reply opens an inline editor below. */
import { useState } from 'react';
import type { Comment as CommentData } from '../../core/api/types.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Button } from '../ui/Button.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { useT } from '../ui/useIntl.ts';
import { CommentText } from './CommentText.tsx';
import { ReactionButton } from './ReactionButton.tsx';
import { ReplyBox } from './ReplyBox.tsx';
import { useGuestGate } from './useGuestGate.ts';
import { usePermission } from './usePermission.ts';

export interface CommentProps {
  comment: CommentData;
  sectionUuid: string;
  containerUuid: string;
}

export function Comment({ comment, sectionUuid, containerUuid }: CommentProps) {
  const t = useT();
  const guest = useGuestGate('reply.create');
  // Guests see Reply (they are asked to log in); a site with commenting off, a ban or a mute hides it.
  const reply = usePermission('reply', 'create');
  const canReply = reply.allowed || reply.reason === 'login_required' || reply.reason === 'email_verification_required';
  const [replying, setReplying] = useState(false);
  const isReply = comment.parent_uuid !== null;

  return (
    <article
      className={`vf-comment${isReply ? ' vf-comment--reply' : ''}`}
      part={isReply ? 'comment reply' : 'comment'}
      data-uuid={comment.content_uuid}
      aria-label={t('conversations.comment.label', { name: comment.actor.name })}
    >
      <Avatar name={comment.actor.name} src={comment.actor.pic_small} seed={comment.actor_uuid} />
      <div className="vf-comment__main">
        <header className="vf-comment__header">
          <span className="vf-comment__author" part="author">
            {comment.actor.name}
          </span>
          <span className="vf-comment__time">
            <RelativeTime time={comment.date_created} />
          </span>
          {comment.is_edited ? <span className="vf-comment__edited">{t('conversations.comment.edited')}</span> : null}
        </header>
        <CommentText text={comment.content} />
        <div className="vf-comment__actions" part="actions">
          <ReactionButton comment={comment} sectionUuid={sectionUuid} reaction="like" />
          <ReactionButton comment={comment} sectionUuid={sectionUuid} reaction="dislike" />
          {canReply ? (
            <Button
              variant="ghost"
              aria-expanded={replying}
              onClick={() => guest.requireLogin(() => setReplying((r) => !r))}
            >
              {t('conversations.reply')}
            </Button>
          ) : null}
        </div>
        {replying && canReply ? (
          <ReplyBox
            sectionUuid={sectionUuid}
            containerUuid={containerUuid}
            parent={comment}
            onDone={() => setReplying(false)}
          />
        ) : null}
      </div>
    </article>
  );
}
