/** Like / unlike with the count; a guest is asked to log in. Announces `vf-comment-liked`. */
import { useToggleLikeMutation } from '../../core/api/comments.ts';
import type { Comment } from '../../core/api/types.ts';
import { Button } from '../ui/Button.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useT } from '../ui/useIntl.ts';
import { useGuestGate } from './useGuestGate.ts';
import { usePermission } from './usePermission.ts';

export interface CommentLikedDetail {
  contentUuid: string;
  liked: boolean;
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M8 14s-5.5-3.3-5.5-7.2A3 3 0 0 1 8 4.6a3 3 0 0 1 5.5 2.2C13.5 10.7 8 14 8 14z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function LikeButton({ comment, sectionUuid }: { comment: Comment; sectionUuid: string }) {
  const t = useT();
  const emit = useHostEvent();
  const guest = useGuestGate('comment.like');
  // Ghost/hide-banned readers cannot react: the button shows the count but does nothing.
  const ruling = usePermission('comment', 'like', { actor_uuid: comment.actor_uuid, state: comment.state });
  const [toggleLike, state] = useToggleLikeMutation();
  const liked = comment.actions.liked;

  const like = () =>
    guest.requireLogin(async () => {
      const next = !liked;
      try {
        await toggleLike({
          sectionUuid,
          containerUuid: comment.content_container_uuid,
          contentUuid: comment.content_uuid,
          liked: next,
        }).unwrap();
        emit<CommentLikedDetail>('vf-comment-liked', { contentUuid: comment.content_uuid, liked: next });
      } catch {
        // The optimistic change is rolled back by core; the button shows the true state again.
      }
    });

  return (
    <Button
      variant="ghost"
      className="vf-like"
      aria-pressed={liked}
      aria-label={t('conversations.like.label', { count: comment.total_likes, name: comment.actor.name })}
      disabled={state.isLoading || ruling.reason === 'banned'}
      onClick={like}
    >
      <HeartIcon filled={liked} />
      <span aria-hidden="true">{t('conversations.like.count', { count: comment.total_likes })}</span>
    </Button>
  );
}
