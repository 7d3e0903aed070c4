/**
 * Browser push calls (`/api/v5`, docs/notifications.md, docs/push.md): the server's VAPID key,
 * the user's push switch, and subscribing or unsubscribing this browser.
 */
import { baseApi } from './base.ts';
import type { ApiError } from './errors.ts';
import type { PushSubscriptionBody } from './notificationTypes.ts';

export interface PushSetting {
  is_user_notification_on: boolean;
}

export const pushApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<{ public_key: string }, string>({
      query: (section) => ({ service: 'notifications', url: `notifications/${section}/push/key` }),
    }),
    /** `user` keys the cache by who asks: after a login the setting is requested again. */
    pushSetting: build.query<PushSetting, { section: string; user: string }>({
      async queryFn({ section }, api, _extra, baseQuery) {
        const answer = await baseQuery({ service: 'notifications', url: `notifications/${section}/settings` });
        const status = (answer.error as ApiError | undefined)?.error_status;
        // content.md §8: a 401 or 404 reads as "push off"; other errors pass on.
        if (status === 401 || status === 404) return { data: { is_user_notification_on: false } };
        return answer.error ? { error: answer.error as ApiError } : { data: answer.data as PushSetting };
      },
      providesTags: ['PushSetting'],
    }),
    setPushSetting: build.mutation<PushSetting, { section: string; on: boolean }>({
      query: ({ section, on }) => ({ service: 'notifications', url: `notifications/${section}/settings`, method: 'POST', body: { is_user_notification_on: on } }),
      invalidatesTags: ['PushSetting'],
    }),
    subscribePush: build.mutation<{ subscription_id: string; subscribed: boolean }, { section: string; body: PushSubscriptionBody }>({
      query: ({ section, body }) => ({ service: 'notifications', url: `subscriptions/${section}/push`, method: 'POST', body: { ...body } }),
      invalidatesTags: ['PushSetting'],
    }),
    unsubscribePush: build.mutation<{ subscription_id: string; subscribed: boolean }, { section: string; subscription_id: string }>({
      query: ({ section, subscription_id }) => ({
        service: 'notifications',
        url: `subscriptions/${section}/push`,
        method: 'DELETE',
        body: { service_type: 'web_push', subscription_id },
      }),
      invalidatesTags: ['PushSetting'],
    }),
  }),
});

export const { usePushSettingQuery, useSubscribePushMutation, useUnsubscribePushMutation } = pushApi;
