/**
 * Notifications (docs/notifications.md "Calls"): the signed-in reader's list per filter, delete,
 * mark seen and read (one or all) and a moderator's broadcast. Status changes and deletes show
 * at once in every cached list (grouping.ts edits) and come back on failure. The list's `counts.new` is the unread count the
 * trigger shows (core/notifications/unread.ts); its `channel` goes to the notifications slice.
 */
import type { Broadcast, BroadcastBody, NotificationFeed, NotificationFilter } from './notificationTypes.ts';
import { baseApi } from './base.ts';
import type { ApiError } from './errors.ts';
import { advanceStatus, removeNotification } from '../notifications/grouping.ts';

export type FeedFilter = 'all' | NotificationFilter;
export const FEED_FILTERS: readonly FeedFilter[] = ['all', 'likes', 'replies', 'editor-picks'];
/** The list's page size (docs/notifications.md: 1–100, default 50). */
export const FEED_LIMIT = 50;

export interface FeedArgs {
  sectionUuid: string;
  /** Part of the cache key only: another reader's login gets a list of its own. */
  userUuid: string;
  filter: FeedFilter;
}
export interface NotificationRef {
  sectionUuid: string;
  uuid: string;
}
export interface MarkArgs {
  sectionUuid: string;
  /** The notifications to mark, or every one. */
  uuids: string[] | 'all';
}
export interface BroadcastResult {
  broadcast: Broadcast;
  recipients: number;
}

type State = Parameters<typeof baseApi.util.selectInvalidatedBy>[0];
type Dispatch = (action: any) => any;
type Edit = (feed: NotificationFeed) => void;

/**
 * Applies `edit` to every cached list; returns the undo. A list that answered again meanwhile
 * cannot be patched back: the lists are read again instead.
 */
function editFeeds(dispatch: Dispatch, state: State, edit: Edit): () => void {
  const patches = baseApi.util
    .selectInvalidatedBy(state, ['Notifications'])
    .filter((entry) => entry.endpointName === 'notifications')
    .map((entry) => dispatch(notificationsApi.util.updateQueryData('notifications', entry.originalArgs as FeedArgs, edit)));
  return () => {
    try {
      patches.forEach((patch) => patch.undo());
    } catch {
      dispatch(baseApi.util.invalidateTags(['Notifications']));
    }
  };
}

/**
 * An optimistic change to the lists: made at once, undone on failure. On success it is made
 * again, and lists still being read are read once more: a read already on its way when the change
 * was made answers without it and would put back what was just changed.
 */
async function optimistically(dispatch: Dispatch, getState: () => unknown, edit: Edit, fulfilled: Promise<unknown>): Promise<void> {
  const undo = editFeeds(dispatch, getState() as State, edit);
  if ((await fulfilled.then(() => true, () => false)) === false) return undo();
  editFeeds(dispatch, getState() as State, edit);
  const state = getState() as State;
  const reading = baseApi.util.selectInvalidatedBy(state, ['Notifications']).some((entry) => state.api.queries[entry.queryCacheKey]?.status === 'pending');
  if (reading) dispatch(baseApi.util.invalidateTags(['Notifications']));
}

const base = (sectionUuid: string) => `notifications/${sectionUuid}`;

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationFeed, FeedArgs>({
      query: ({ sectionUuid, filter }) => ({
        service: 'notifications',
        url: `${base(sectionUuid)}/all`,
        params: { filter: filter === 'all' ? undefined : filter, limit: FEED_LIMIT },
      }),
      providesTags: ['Notifications'],
    }),
    deleteNotification: build.mutation<{ notification_uuid: string; deleted: boolean }, NotificationRef>({
      query: ({ sectionUuid, uuid }) => ({ service: 'notifications', method: 'DELETE', url: `${base(sectionUuid)}/single/${uuid}` }),
      onQueryStarted: ({ uuid }, { dispatch, getState, queryFulfilled }) =>
        optimistically(dispatch, getState, (feed) => removeNotification(feed, uuid), queryFulfilled),
    }),
    markNotificationsSeen: build.mutation<unknown, MarkArgs>({
      queryFn: ({ sectionUuid, uuids }, _api, _extra, baseQuery) => markEach(baseQuery, `${base(sectionUuid)}/seen`, uuids),
      onQueryStarted: ({ uuids }, { dispatch, getState, queryFulfilled }) =>
        optimistically(dispatch, getState, (feed) => advanceStatus(feed, uuids, 'seen'), queryFulfilled),
    }),
    markNotificationsRead: build.mutation<unknown, MarkArgs>({
      queryFn: ({ sectionUuid, uuids }, _api, _extra, baseQuery) => markEach(baseQuery, `${base(sectionUuid)}/read`, uuids),
      onQueryStarted: ({ uuids }, { dispatch, getState, queryFulfilled }) =>
        optimistically(dispatch, getState, (feed) => advanceStatus(feed, uuids, 'read'), queryFulfilled),
    }),
    sendBroadcast: build.mutation<BroadcastResult, BroadcastBody & { sectionUuid: string }>({
      query: ({ sectionUuid, ...body }) => ({ service: 'notifications', method: 'POST', url: `${base(sectionUuid)}/broadcasts`, body: { ...body } }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

type BaseQuery = (args: { service: 'notifications'; method: 'PATCH'; url: string }) => PromiseLike<{ data?: unknown; error?: unknown }> | { data?: unknown; error?: unknown };

/** PATCH …/{uuid} for each (the API marks one at a time, or `all`); the first failure is the answer. */
async function markEach(baseQuery: BaseQuery, url: string, uuids: string[] | 'all'): Promise<{ data: unknown } | { error: ApiError }> {
  const results = await Promise.all((uuids === 'all' ? ['all'] : uuids).map((uuid) => baseQuery({ service: 'notifications', method: 'PATCH', url: `${url}/${uuid}` })));
  const failed = results.find((result) => result.error);
  return failed ? { error: failed.error as ApiError } : { data: results.map((result) => result.data) };
}

export const {
  useNotificationsQuery, useDeleteNotificationMutation, useMarkNotificationsSeenMutation, useMarkNotificationsReadMutation,
  useSendBroadcastMutation,
} = notificationsApi;
