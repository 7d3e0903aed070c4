/**
 * Webhooks (docs/webhooks.md): the list with each one's last delivery and a test ping, and a
 * form to add one (address, description, events). A new webhook's signing secret is shown once,
 * right after it is added: the server never answers it again.
 */
import { useRef, useState } from 'react';
import { useWebhooksQuery, webhooksApi } from '../../core/api/webhooks.ts';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../core/api/webhookTypes.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { useT } from '../ui/useIntl.ts';
import { TextField } from './fields.tsx';
import { K, SaveForm, SectionFrame } from './SettingsSection.tsx';
import { useSectionSave } from './useSectionSave.ts';
import { WebhookList } from './WebhookList.tsx';

const FIELDS = ['url', 'description', 'events'];
const EMPTY = { url: '', description: '', events: [] as WebhookEventType[] };

function AddWebhook({ siteUuid }: { siteUuid: string }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const saving = useSectionSave(form, FIELDS);
  const [, run] = useRunMutation();
  const [draft, setDraft] = useState(EMPTY);
  const [secret, setSecret] = useState<string | null>(null);
  const change = (next: Partial<typeof EMPTY>) => {
    setDraft((d) => ({ ...d, ...next }));
    saving.edited();
  };
  const toggle = (event: WebhookEventType, on: boolean) => change({ events: on ? [...draft.events, event] : draft.events.filter((e) => e !== event) });
  const onSave = async () => {
    const input = { url: draft.url.trim(), events: draft.events, description: draft.description };
    const added = await saving.save(() => run(webhooksApi.endpoints.addWebhook.initiate({ siteUuid, input })));
    if (!added) return;
    setDraft(EMPTY);
    setSecret(added.answer.secret ?? null);
  };
  const eventsError = saving.errorFor('events');
  return (
    <>
      <h4 className="vf-sset__subheading">{t(`${K}.webhooks.add`)}</h4>
      <SaveForm formRef={form} saving={saving} onSave={() => void onSave()} saveLabel={t(`${K}.webhooks.addButton`)}>
        <TextField name="url" kind="url" label={t(`${K}.webhooks.url`)} hint={t(`${K}.webhooks.urlHint`)} value={draft.url} error={saving.errorFor('url')} onChange={(url) => change({ url })} />
        <TextField name="description" label={t(`${K}.webhooks.description`)} value={draft.description} error={saving.errorFor('description')} onChange={(description) => change({ description })} />
        <fieldset className="vf-sset__group vf-sset__events" aria-describedby={eventsError ? 'vf-sset-events-error' : undefined}>
          <legend>{t(`${K}.webhooks.events`)}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="vf-sset__option">
              <input type="checkbox" name="events" value={event} checked={draft.events.includes(event)} aria-invalid={eventsError ? true : undefined} onChange={(e) => toggle(event, e.target.checked)} />
              <code>{event}</code>
            </label>
          ))}
          {eventsError ? <p className="vf-error vf-sset__error" id="vf-sset-events-error" part="field-error">{eventsError}</p> : null}
        </fieldset>
      </SaveForm>
      {secret ? (
        <p className="vf-sset__secret" part="secret">
          {t(`${K}.webhooks.secret`)} <code>{secret}</code>
        </p>
      ) : null}
    </>
  );
}

export function WebhooksSection({ siteUuid }: { siteUuid: string }) {
  const t = useT();
  const query = useWebhooksQuery(siteUuid);
  let body;
  if (query.currentData) body = <><WebhookList siteUuid={siteUuid} hooks={query.currentData} /><AddWebhook siteUuid={siteUuid} /></>;
  else if (query.isError) body = <ErrorState message={t(`${K}.webhooks.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void query.refetch()} />;
  else body = <div className="vf-sset__placeholder vf-sset__placeholder--webhooks"><Skeleton lines={6} label={t(`${K}.loading`)} /></div>;
  return <SectionFrame part="webhooks" title={t(`${K}.webhooks.title`)} intro={t(`${K}.webhooks.intro`)}>{body}</SectionFrame>;
}
