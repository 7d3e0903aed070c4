/**
 * A site's webhooks for its admins (`/api/v2/sites/{uuid}/webhooks`, docs/webhooks.md): the list,
 * a new one (its signing secret comes back once, in that answer), and a test ping, whose delivery
 * becomes the webhook's last delivery in the cached list.
 */
import { baseApi } from './base.ts';
import type { Webhook, WebhookDelivery, WebhookInput } from './webhookTypes.ts';

export const webhooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    webhooks: build.query<Webhook[], string>({
      query: (siteUuid) => ({ url: `sites/${siteUuid}/webhooks` }),
    }),
    addWebhook: build.mutation<Webhook, { siteUuid: string; input: WebhookInput }>({
      query: ({ siteUuid, input }) => ({ url: `sites/${siteUuid}/webhooks`, method: 'POST', body: { ...input } }),
      async onQueryStarted({ siteUuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null })); // the caller shows the failure
        if (!data) return;
        const { secret: _secret, ...listed } = data; // lists never carry the secret
        dispatch(webhooksApi.util.updateQueryData('webhooks', siteUuid, (hooks) => void hooks.push(listed)));
      },
    }),
    pingWebhook: build.mutation<WebhookDelivery, { siteUuid: string; webhookUuid: string }>({
      query: ({ siteUuid, webhookUuid }) => ({ url: `sites/${siteUuid}/webhooks/${webhookUuid}/ping`, method: 'POST' }),
      async onQueryStarted({ siteUuid, webhookUuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null })); // the caller shows the failure
        if (!data) return;
        dispatch(
          webhooksApi.util.updateQueryData('webhooks', siteUuid, (hooks) => {
            const hook = hooks.find((h) => h.webhook_uuid === webhookUuid);
            if (hook) hook.last_delivery = data;
          }),
        );
      },
    }),
  }),
});

export const { useWebhooksQuery } = webhooksApi;
