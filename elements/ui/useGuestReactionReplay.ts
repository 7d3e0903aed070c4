/**
 * After a guest logs in, replays the likes / dislikes they tried as a guest in this container
 * (guestReactions.ts), REPLAY_DELAY_MS (1 s) later so the lists have reloaded with the user's own
 * state (content.md §4). An item the user already reacted to is left alone. The service gives
 * its toggle mutation and how to find its cached copy of an item (comments, live blog).
 */
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { Comment } from '../../core/api/types.ts';
import { selectIsLoggedIn } from '../../core/session/slice.ts';
import { useAppDispatch, useAppSelector } from '../../core/store/hooks.ts';
import type { RootState } from '../../core/store/index.ts';
import { REPLAY_DELAY_MS, takePendingReactions } from './guestReactions.ts';
import type { ToggleReaction } from './ReactionButton.tsx';

export interface ReactionReplay {
  toggle: ToggleReaction;
  /** The cached copy of an item of the container, if any. */
  find(getState: () => RootState, containerUuid: string, contentUuid: string): Comment | undefined;
}

export function useGuestReactionReplay(containerUuid: string | undefined, { toggle, find }: ReactionReplay): void {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const wasGuest = useRef(!loggedIn);

  useEffect(() => {
    if (!loggedIn) {
      wasGuest.current = true;
      return;
    }
    if (!wasGuest.current || !containerUuid) return;
    wasGuest.current = false;
    const timer = setTimeout(() => {
      for (const pending of takePendingReactions(containerUuid)) {
        const known = find(store.getState, containerUuid, pending.contentUuid);
        if (known && (pending.reaction === 'like' ? known.actions.liked : known.actions.disliked)) continue;
        const started = dispatch(toggle({ ...pending, on: true }));
        // A refused replay leaves the item as the server has it; the entry is gone either way.
        void started.unwrap().catch(() => {}).finally(() => started.reset());
      }
    }, REPLAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loggedIn, containerUuid, store, dispatch, toggle, find]);
}
