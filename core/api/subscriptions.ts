/**
 * Topic, user and page follows on the notifications service (docs/notifications.md "Calls";
 * content.md §4). Every list is keyed by the signed-in user's uuid, so logging in or out reads
 * a fresh list; a guest's topic list is empty and costs no request.
 *
 * - Topic follow is optimistic: the topic joins the local list (if absent), its count moves and
 *   `topics/followed` is published at once; unfollow mirrors it (`topics/unfollowed`). A failure
 *   puts the list and the count back. On success both are read again from the server.
 * - Page subscribe: the call, then `subscribed: true` in the page's state and the list refetched.
 * - Following users goes through the v2 `follows` calls (profiles.ts), which refresh these lists.
 */
import { publish } from '../global-api/bus.ts';
import { isLoggedInUser, type SessionState } from '../session/slice.ts';
import { baseApi } from './base.ts';
import type { ApiError } from './errors.ts';
import type { FollowedPage, FollowedTopic, FollowItem } from './notificationTypes.ts';

/** Whose lists: the site and the signed-in user (null: a guest). */
export interface ListArgs {
  sectionUuid: string;
  userUuid: string | null;
}
export interface TopicArgs {
  sectionUuid: string;
  topicId: string;
}
export type TopicInput = Omit<FollowedTopic, 'date_created'>;
export interface FollowTopicArgs {
  sectionUuid: string;
  topic: TopicInput;
}
export interface PageArgs {
  sectionUuid: string;
  userUuid: string;
  pageUuid: string;
}
export interface PageSubscription {
  page_uuid: string;
  subscribed: boolean;
}
export interface FollowList {
  total_count: number;
  items: FollowItem[];
}

type State = { session: SessionState };
const topicPath = (sectionUuid: string, topicId: string) => `${sectionUuid}/topics/${encodeURIComponent(topicId)}`;
const countTag = (topicId: string) => ({ type: 'Topics' as const, id: `count:${topicId}` });
const LIST = { type: 'Topics' as const, id: 'LIST' };

/** content.md §5: a topic call needs the section, the topic id and a signed-in user; without them nothing is sent. */
const MISSING_ARGUMENTS: ApiError = { error_status: 401, message: 'unauthorized', data: null };
const hasArguments = (state: State, sectionUuid: string, topic: TopicInput) =>
  Boolean(sectionUuid && topic.topic_id && isLoggedInUser(state.session.user));

export const subscriptionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    topicCount: build.query<number, TopicArgs>({
      query: ({ sectionUuid, topicId }) => ({ url: `subscriptions/${topicPath(sectionUuid, topicId)}/count`, service: 'notifications' }),
      transformResponse: (result: { count: number }) => result.count,
      providesTags: (_result, _error, { topicId }) => [countTag(topicId)],
    }),
    myTopics: build.query<FollowedTopic[], ListArgs>({
      async queryFn({ sectionUuid, userUuid }, _api, _extra, baseQuery) {
        if (!userUuid) return { data: [] };
        const result = await baseQuery({ url: `subscriptions/${sectionUuid}/topics`, service: 'notifications' });
        if (result.error) return { error: result.error as ApiError };
        return { data: (result.data as { items: FollowedTopic[] }).items };
      },
      providesTags: [LIST],
    }),
    followTopic: build.mutation<FollowedTopic, FollowTopicArgs>({
      async queryFn({ sectionUuid, topic }, api, _extra, baseQuery) {
        if (!hasArguments(api.getState() as State, sectionUuid, topic)) return { error: MISSING_ARGUMENTS };
        const undo = markFollowed(api.dispatch as Dispatch, api.getState() as State, sectionUuid, topic, true);
        const { topic_id, topic_name, topic_type } = topic;
        const result = await baseQuery({ url: `notifications/${topicPath(sectionUuid, topic_id)}`, service: 'notifications', method: 'POST', body: { topic_name, topic_type } });
        if (result.error) {
          undo();
          return { error: result.error as ApiError };
        }
        return { data: result.data as FollowedTopic };
      },
      invalidatesTags: (result, _error, { topic }) => (result ? [countTag(topic.topic_id), LIST] : []),
    }),
    unfollowTopic: build.mutation<unknown, FollowTopicArgs>({
      async queryFn({ sectionUuid, topic }, api, _extra, baseQuery) {
        if (!hasArguments(api.getState() as State, sectionUuid, topic)) return { error: MISSING_ARGUMENTS };
        const undo = markFollowed(api.dispatch as Dispatch, api.getState() as State, sectionUuid, topic, false);
        const result = await baseQuery({ url: `notifications/${topicPath(sectionUuid, topic.topic_id)}`, service: 'notifications', method: 'DELETE' });
        if (result.error) {
          undo();
          return { error: result.error as ApiError };
        }
        return { data: result.data };
      },
      invalidatesTags: (result, _error, { topic }) => (result ? [countTag(topic.topic_id), LIST] : []),
    }),
    /** Who follows me. */
    subscribers: build.query<FollowList, ListArgs>({
      query: ({ sectionUuid }) => ({ url: `subscriptions/${sectionUuid}/users/subscribers`, service: 'notifications' }),
      providesTags: ['Follows'],
    }),
    /** Whom I follow. */
    subscriptions: build.query<FollowList, ListArgs>({
      query: ({ sectionUuid }) => ({ url: `subscriptions/${sectionUuid}/users/subscriptions`, service: 'notifications' }),
      providesTags: ['Follows'],
    }),
    myPages: build.query<FollowedPage[], ListArgs>({
      query: ({ sectionUuid }) => ({ url: `subscriptions/${sectionUuid}/pages`, service: 'notifications' }),
      transformResponse: (result: { items: FollowedPage[] }) => result.items,
      providesTags: [{ type: 'PageFollows', id: 'LIST' }],
    }),
    pageSubscription: build.query<PageSubscription, PageArgs>({
      query: ({ sectionUuid, pageUuid }) => ({ url: `subscriptions/${sectionUuid}/pages/${pageUuid}`, service: 'notifications' }),
      providesTags: (_result, _error, { pageUuid }) => [{ type: 'PageFollows', id: pageUuid }],
    }),
    /** Made for whoever is signed in when it runs (a guest's attempt runs after their login). */
    setPageSubscription: build.mutation<PageSubscription, Omit<PageArgs, 'userUuid'> & { subscribed: boolean }>({
      query: ({ sectionUuid, pageUuid, subscribed }) => ({
        url: `subscriptions/${sectionUuid}/pages/${pageUuid}`,
        service: 'notifications',
        method: subscribed ? 'POST' : 'DELETE',
      }),
      async onQueryStarted({ sectionUuid, pageUuid }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        const user = (getState() as unknown as State).session.user;
        if (!data || !isLoggedInUser(user)) return;
        const userUuid = user.uuid;
        dispatch(subscriptionsApi.util.upsertQueryData('pageSubscription', { sectionUuid, userUuid, pageUuid }, data));
        dispatch(subscriptionsApi.util.invalidateTags([{ type: 'PageFollows', id: 'LIST' }]));
      },
    }),
  }),
});

/** Any store dispatch (thunk-capable: a dispatched cache update returns its undo). */
type Dispatch = (action: any) => any;

/**
 * The optimistic half of a topic (un)follow: the signed-in user's list and the topic's count,
 * and the public event when the list changed. Returns the undo.
 */
function markFollowed(dispatch: Dispatch, state: State, sectionUuid: string, topic: TopicInput, follow: boolean): () => void {
  const user = state.session.user;
  if (!isLoggedInUser(user)) return () => {};
  let changed = false;
  const list = dispatch(subscriptionsApi.util.updateQueryData('myTopics', { sectionUuid, userUuid: user.uuid }, (items) => {
    const at = items.findIndex((item) => item.topic_id === topic.topic_id);
    if (follow && at < 0) items.unshift({ ...topic, date_created: Date.now() });
    else if (!follow && at >= 0) items.splice(at, 1);
    else return;
    changed = true;
  }));
  if (!changed) return () => list.undo();
  const count = dispatch(subscriptionsApi.util.updateQueryData('topicCount', { sectionUuid, topicId: topic.topic_id }, (n) => Math.max(0, n + (follow ? 1 : -1))));
  publish('topics', follow ? 'followed' : 'unfollowed', { ...topic });
  return () => {
    list.undo();
    count.undo();
  };
}

export const {
  useTopicCountQuery, useMyTopicsQuery, useFollowTopicMutation, useUnfollowTopicMutation, useSubscribersQuery,
  useSubscriptionsQuery, useMyPagesQuery, usePageSubscriptionQuery, useSetPageSubscriptionMutation,
} = subscriptionsApi;
