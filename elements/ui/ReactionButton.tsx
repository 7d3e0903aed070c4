/**
 * Like or dislike with its count; a guest is asked to log in (the attempt is replayed after
 * login, guestReactions.ts). Dislike shows only where the site enables it (comment.dislike).
 * Announces `vf-comment-liked` / `vf-comment-disliked`. The service's toggle mutation is given
 * (comments, live blog), so one button serves every kind of content.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Reaction, ReactionResult, ToggleReactionArgs } from '../../core/api/commentMutations.ts';
import type { Comment } from '../../core/api/types.ts';
import type { RootState } from '../../core/store/index.ts';
import { Button } from './Button.tsx';
import { useHostEvent } from './hostEvents.ts';
import { useT } from './useIntl.ts';
import { useRunMutation } from './useRunMutation.ts';
import { savePendingReaction } from './guestReactions.ts';
import { useGuestGate } from './useGuestGate.ts';
import { usePermission } from './usePermission.ts';

export interface CommentLikedDetail {
  contentUuid: string;
  liked: boolean;
}

export interface CommentDislikedDetail {
  contentUuid: string;
  disliked: boolean;
}

const ICONS: Record<Reaction, string> = {
  like: 'M8 14s-5.5-3.3-5.5-7.2A3 3 0 0 1 8 4.6a3 3 0 0 1 5.5 2.2C13.5 10.7 8 14 8 14z',
  dislike: 'M4.5 2.5h6.2l2.3 5.6v1.4H9.6l.5 3.1a1.3 1.3 0 0 1-2.4.9L5.2 9.5H4.5z M2.5 2.5h2v7h-2z',
};

function ReactionIcon({ reaction, filled }: { reaction: Reaction; filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={ICONS[reaction]} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}

/** A service's toggle mutation: its `endpoints.<name>.initiate`. */
export type ToggleReaction = (args: ToggleReactionArgs) => ThunkAction<{ unwrap(): Promise<ReactionResult>; reset(): void }, RootState, unknown, UnknownAction>;

export interface ReactionButtonProps {
  comment: Comment;
  sectionUuid: string;
  reaction: Reaction;
  toggle: ToggleReaction;
  /** Where its label lives: `<labels>.like.label` (default `conversations`: "Like {name}'s comment"). */
  labels?: string;
}

export function ReactionButton({ comment, sectionUuid, reaction, toggle, labels = 'conversations' }: ReactionButtonProps) {
  const t = useT();
  const emit = useHostEvent();
  const guest = useGuestGate(`comment.${reaction}`);
  const ruling = usePermission('comment', reaction, { actor_uuid: comment.actor_uuid, state: comment.state });
  const [busy, run] = useRunMutation();
  const on = reaction === 'like' ? comment.actions.liked : comment.actions.disliked;
  const count = reaction === 'like' ? comment.total_likes : comment.total_dislikes;

  // Dislikes off on this site: no control at all (the server refuses them too).
  if (ruling.reason === 'setting_disabled') return null;

  const react = () =>
    guest.requireLogin(async () => {
      const next = !on;
      try {
        const args = { sectionUuid, containerUuid: comment.content_container_uuid, contentUuid: comment.content_uuid, reaction, on: next };
        await run(toggle(args));
        if (reaction === 'like') emit<CommentLikedDetail>('vf-comment-liked', { contentUuid: comment.content_uuid, liked: next });
        else emit<CommentDislikedDetail>('vf-comment-disliked', { contentUuid: comment.content_uuid, disliked: next });
      } catch {
        // The optimistic change is rolled back by core; the button shows the true state again.
      }
    }, undefined, () => {
      // A guest's like / dislike is replayed after login (guestReactions.ts); taking one back needs no replay.
      if (!on) savePendingReaction({ sectionUuid, containerUuid: comment.content_container_uuid, contentUuid: comment.content_uuid, reaction });
    });

  return (
    <Button
      variant="ghost"
      className={`vf-${reaction}`}
      aria-pressed={on}
      aria-label={t(`${labels}.${reaction}.label`, { count, name: comment.actor.name })}
      // Ghost/hide-banned readers cannot react: the button shows the count but does nothing.
      disabled={busy || ruling.reason === 'banned'}
      onClick={react}
    >
      <ReactionIcon reaction={reaction} filled={on} />
      <span aria-hidden="true">{t('conversations.like.count', { count })}</span>
    </Button>
  );
}
