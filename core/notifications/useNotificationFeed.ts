/**
 * The signed-in reader's notification list as elements use it (the tray's feed, the trigger's
 * count): one cached list per filter, skipped for guests, with the live subscription to the
 * reader's channel and to broadcasts once the channel is known (docs/notifications.md).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { BROADCAST_CHANNEL } from '../api/notificationTypes.ts';
import { useNotificationsQuery, type FeedFilter } from '../api/notifications.ts';
import { mutesArg, useMutesQuery } from '../api/profiles.ts';
import { useRealtimeSubscription } from '../realtime/useRealtimeSubscription.ts';
import { isLoggedInUser } from '../session/slice.ts';
import { useAppSelector } from '../store/hooks.ts';

export function useNotificationFeed(filter: FeedFilter) {
  const user = useAppSelector((state) => state.session.user);
  const sectionUuid = useAppSelector((state) => state.session.sectionUuid);
  const args = isLoggedInUser(user) && sectionUuid ? { sectionUuid, userUuid: user.uuid, filter } : skipToken;
  // Read again whenever an element starts showing it (the tray opening) or the reader changes.
  const feed = useNotificationsQuery(args, { refetchOnMountOrArgChange: true });
  // The reader's channel comes with their list (currentData: never another reader's).
  const channel = args !== skipToken ? feed.currentData?.channel : undefined;
  useRealtimeSubscription(channel ? [{ key: 'notification_channel', values: [channel, BROADCAST_CHANNEL] }] : null);
  return feed;
}

/** The users the reader muted, as the page knows them now (a mute made here counts at once). */
export function useMutedUsers(): ReadonlySet<string> {
  const arg = useAppSelector(mutesArg);
  const { data } = useMutesQuery(arg ?? skipToken);
  return useMemo(() => new Set((data?.items ?? []).filter((m) => m.is_muted).map((m) => m.uuid)), [data]);
}
