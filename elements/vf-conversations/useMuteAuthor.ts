/**
 * Mute a comment's author (content.md §4 "Mute"; needs a signed-in viewer and enable_muting,
 * moderators exempt: core/permissions user.mute). core/api/profiles.ts does the optimistic mute
 * (unfollowing first); here the author's comments also leave this viewer's conversation at once,
 * and come back silently if the server refuses.
 */
import { useState } from 'react';
import { dropAuthorFromCaches } from '../../core/api/commentCacheUpdates.ts';
import type { Comment } from '../../core/api/types.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { usePermission, useViewer } from '../ui/usePermission.ts';

export function useMuteAuthor(comment: Comment) {
  const dispatch = useAppDispatch();
  const viewer = useViewer().user;
  const ruling = usePermission('user', 'mute', undefined, { uuid: comment.actor_uuid });
  const [busy, setBusy] = useState(false);
  return {
    allowed: ruling.allowed && viewer?.uuid !== comment.actor_uuid,
    busy,
    /** Resolves either way: a failed mute is rolled back silently (spec §8). */
    mute: async () => {
      setBusy(true);
      const hidden = dispatch((d, getState) => dropAuthorFromCaches(d, getState, comment.actor_uuid));
      try {
        // The profile calls are their own chunk: most readers never mute anyone.
        const { profilesApi } = await import('../../core/api/profiles.ts');
        const result = await dispatch(profilesApi.endpoints.mute.initiate({ uuid: comment.actor_uuid }));
        if ('error' in result) hidden.undo();
      } catch {
        hidden.undo();
      } finally {
        setBusy(false);
      }
    },
  };
}
