/**
 * The site's webhooks: each one's address, description, events and last delivery (delivered or
 * failed, with the receiver's HTTP status or the error, and when), and "Send a test", which sends
 * a signed ping now and shows its delivery as the last one.
 */
import { useId, useState } from 'react';
import { webhooksApi } from '../../core/api/webhooks.ts';
import type { Webhook, WebhookDelivery } from '../../core/api/webhookTypes.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { useIntl, useT } from '../ui/useIntl.ts';
import { K } from './SettingsSection.tsx';

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery | null }) {
  const t = useT();
  const intl = useIntl();
  if (!delivery) return <>{t(`${K}.webhooks.noDelivery`)}</>;
  const when = intl.formatDate(delivery.date_last_attempt ?? delivery.date_created, { dateStyle: 'medium', timeStyle: 'short' });
  const answer = delivery.last_status !== null ? t(`${K}.webhooks.httpStatus`, { status: delivery.last_status }) : (delivery.last_error ?? '');
  return <>{t(`${K}.webhooks.delivery.${delivery.status}`, { answer, when })}</>;
}

function WebhookRow({ siteUuid, hook }: { siteUuid: string; hook: Webhook }) {
  const t = useT();
  const online = useAppSelector(selectIsOnline);
  const [busy, run] = useRunMutation();
  const [failed, setFailed] = useState(false);
  const id = useId();
  const ping = async () => {
    setFailed(false);
    await run(webhooksApi.endpoints.pingWebhook.initiate({ siteUuid, webhookUuid: hook.webhook_uuid })).catch(() => setFailed(true));
  };
  return (
    <li className="vf-sset__webhook" part="webhook">
      <p className="vf-sset__webhook-url" id={`${id}-url`}>{hook.url}</p>
      {hook.description ? <p>{hook.description}</p> : null}
      <p className="vf-sset__webhook-events">{t(`${K}.webhooks.eventsList`, { events: hook.events.join(', ') })}</p>
      <p className="vf-sset__webhook-delivery" part="delivery" role="status">
        <DeliveryStatus delivery={hook.last_delivery} />
      </p>
      <Button part="ping" busy={busy} disabled={!online} onClick={() => void ping()} aria-describedby={`${id}-url`}>
        {t(`${K}.webhooks.ping`)}
      </Button>
      {failed ? <p className="vf-error" role="alert">{t(`${K}.webhooks.pingFailed`)}</p> : null}
    </li>
  );
}

export function WebhookList({ siteUuid, hooks }: { siteUuid: string; hooks: Webhook[] }) {
  const t = useT();
  if (!hooks.length) return <p className="vf-sset__none" part="empty">{t(`${K}.webhooks.none`)}</p>;
  return (
    <ul className="vf-sset__webhooks" part="webhooks">
      {hooks.map((hook) => <WebhookRow key={hook.webhook_uuid} siteUuid={siteUuid} hook={hook} />)}
    </ul>
  );
}
