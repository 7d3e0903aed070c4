/**
 * What follows a live notice (content.md §4 "Notifications", docs/notifications.md "Live
 * delivery"): a notice for this reader, a site broadcast, or a broadcast to a topic the reader
 * follows counts, and the list is read again, at most once per 2500 ms (content.md §9). The
 * reader's own broadcast and notices of another site do not count. Coming back online reads
 * the list again too (a login reads the new reader's own list: useNotificationFeed.ts).
 */
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { baseApi } from '../api/base.ts';
import type { NotificationNotice } from '../api/notificationTypes.ts';
import { wentOnline } from '../network/slice.ts';
import { isLoggedInUser, type SessionState } from '../session/slice.ts';
import { noticeReceived } from './slice.ts';
import { createThrottle } from './throttle.ts';

export const NOTIFICATION_REFRESH_MS = 2500;

type State = { session: SessionState };

/** Whether a notice counts for the reader; a topic broadcast asks which topics they follow. */
export async function noticeCounts(
  notice: NotificationNotice,
  state: State,
  followedTopics: (section: string, user: string) => Promise<string[]>,
): Promise<boolean> {
  const { user, sectionUuid } = state.session;
  if (!isLoggedInUser(user) || !sectionUuid || notice.section_uuid !== sectionUuid) return false;
  if (notice.broadcast?.actor_uuid === user.uuid) return false;
  if (notice.notification_type !== 'broadcast_topic') return true;
  const topic = notice.target_topic_id ?? notice.broadcast?.target_topic_id;
  return Boolean(topic) && (await followedTopics(sectionUuid, user.uuid)).includes(topic!);
}

export function listenForNotifications(listeners: ListenerMiddlewareInstance): void {
  let throttle: ReturnType<typeof createThrottle> | null = null;
  const refresh = (dispatch: (action: unknown) => unknown) => {
    throttle ??= createThrottle(() => dispatch(baseApi.util.invalidateTags(['Notifications'])), NOTIFICATION_REFRESH_MS);
    throttle.call();
  };

  listeners.startListening({
    actionCreator: noticeReceived,
    effect: async (action, api) => {
      // The reader's topics as the page knows them (core/api/subscriptions.ts keeps the list with
      // follows made here). Its endpoints are the follow elements' chunk: asked for only here.
      const followedTopics = async (sectionUuid: string, userUuid: string) => {
        const { subscriptionsApi } = await import('../api/subscriptions.ts');
        const read = api.dispatch(subscriptionsApi.endpoints.myTopics.initiate({ sectionUuid, userUuid }));
        const { data } = await read;
        read.unsubscribe();
        return (data ?? []).map((topic) => topic.topic_id);
      };
      if (!(await noticeCounts(action.payload, api.getState() as State, followedTopics))) return;
      refresh(api.dispatch);
    },
  });
  // Notices sent while offline were missed.
  listeners.startListening({ actionCreator: wentOnline, effect: (_action, api) => refresh(api.dispatch) });
}
