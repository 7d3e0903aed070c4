/**
 * After a guest logs in, replays the likes / dislikes they tried as a guest in this container
 * (guestReactions.ts), about 1 s later so the lists have reloaded with the user's own state.
 * A comment the user already reacted to is left alone.
 */
import { useEffect, useRef } from 'react';
import { commentQueriesApi, useToggleReactionMutation } from '../../core/api/comments.ts';
import { findComment } from '../../core/api/commentCache.ts';
import { selectIsLoggedIn } from '../../core/session/slice.ts';
import { useStore } from 'react-redux';
import { useAppSelector } from '../../core/store/hooks.ts';
import type { RootState } from '../../core/store/index.ts';
import { REPLAY_DELAY_MS, takePendingReactions } from './guestReactions.ts';

export function useGuestReactionReplay(containerUuid: string | undefined): void {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const store = useStore<RootState>();
  const [toggle] = useToggleReactionMutation();
  const wasGuest = useRef(!loggedIn);

  useEffect(() => {
    if (!loggedIn) {
      wasGuest.current = true;
      return;
    }
    if (!wasGuest.current || !containerUuid) return;
    wasGuest.current = false;
    const timer = setTimeout(() => {
      const state = store.getState();
      const lists = commentQueriesApi.util.selectCachedArgsForQuery(state, 'comments')
        .filter((args) => args.containerUuid === containerUuid)
        .map((args) => commentQueriesApi.endpoints.comments.select(args)(state).data);
      for (const pending of takePendingReactions(containerUuid)) {
        const known = lists.map((data) => data && findComment(data, pending.contentUuid)).find(Boolean);
        if (known && (pending.reaction === 'like' ? known.actions.liked : known.actions.disliked)) continue;
        void toggle({ ...pending, on: true });
      }
    }, REPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loggedIn, containerUuid, store, toggle]);
}
