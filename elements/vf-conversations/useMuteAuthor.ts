/**
 * Mute a comment's author (content.md §4 "Mute"; needs a signed-in viewer and enable_muting,
 * moderators exempt: core/permissions user.mute). core/api/profiles.ts does the optimistic mute
 * (unfollowing first); here the author's comments also leave this viewer's conversation at once,
 * and come back silently if the server refuses.
 */
import { dropAuthorFromCaches } from '../../core/api/commentCacheUpdates.ts';
import { useMuteMutation } from '../../core/api/profiles.ts';
import type { Comment } from '../../core/api/types.ts';
import { selectCurrentUser } from '../../core/session/slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import { usePermission } from './usePermission.ts';

export function useMuteAuthor(comment: Comment) {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectCurrentUser);
  const ruling = usePermission('user', 'mute', undefined, { uuid: comment.actor_uuid });
  const [muteUser, state] = useMuteMutation();
  return {
    allowed: ruling.allowed && viewer?.uuid !== comment.actor_uuid,
    busy: state.isLoading,
    /** Resolves either way: a failed mute is rolled back silently (spec §8). */
    mute: async () => {
      const hidden = dispatch((d, getState) => dropAuthorFromCaches(d, getState, comment.actor_uuid));
      const result = await muteUser({ uuid: comment.actor_uuid });
      if ('error' in result) hidden.undo();
    },
  };
}
