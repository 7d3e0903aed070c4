/**
 * The signed-in reader's unread (new) count: `counts.new` of their notifications list answered
 * last (it is global, any filter will do); 0 for a guest. Read from the API's cache by endpoint
 * name, so core (the notifications context) and the trigger need not load the endpoints
 * (core/api/notifications.ts).
 */
import { baseApi } from '../api/base.ts';
import type { NotificationFeed } from '../api/notificationTypes.ts';
import { isLoggedInUser, type SessionState } from '../session/slice.ts';

type State = Parameters<typeof baseApi.util.selectInvalidatedBy>[0] & { session: SessionState };

export function selectUnreadCount(state: State): number {
  const user = state.session.user;
  if (!isLoggedInUser(user)) return 0;
  let newest: { at: number; count: number } | null = null;
  for (const entry of Object.values(state[baseApi.reducerPath].queries)) {
    if (entry?.endpointName !== 'notifications' || !entry.data || (entry.originalArgs as { userUuid?: string } | undefined)?.userUuid !== user.uuid) continue;
    const at = entry.fulfilledTimeStamp ?? 0;
    if (!newest || at >= newest.at) newest = { at, count: (entry.data as NotificationFeed).counts.new };
  }
  return newest?.count ?? 0;
}
