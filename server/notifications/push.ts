/**
 * Browser push for new notifications (docs/push.md): each recipient whose push switch is on gets
 * a PushPayload on every subscription, encrypted (RFC 8291 aes128gcm) and signed (RFC 8292
 * VAPID) by `web-push`, and POSTed to the subscription's endpoint (RFC 8030). A push service's
 * 404 or 410 means the subscription is gone: it is removed. The text is composed here, in the
 * language of the content's page (`base.push.message.*` in i18n/<lang>/base.json).
 */
import type { FastifyInstance } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as WebPush from 'web-push';
import { loadPackage } from '../lazyPackage.ts';
import type { PushPayload } from '../../core/api/notificationTypes.ts';
import { localeOf, normalizeLanguage, type Language } from '../../core/i18n/languages.ts';
import { REPO_ROOT } from '../routes/static.ts';
import { deleteSubscription, subscriptionsToNotify, type PushSubscriptionRow } from './pushSubscriptions.ts';
import type { NotificationsTable } from '../storage/schema.ts';
import { excerpt } from './excerpt.ts';
import { unique } from './unique.ts';
import { vapidKeys } from './vapidKeys.ts';
import { getSite } from '../engine/sites.ts';
import { pageOfContainer } from '../pages/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** VAPID `sub` claim (`VF_VAPID_SUBJECT`, docs/push.md); null: `mailto:admin@<the site's first domain>`. */
    vapidSubject: string | null;
    /** Push service hosts an endpoint may name (`VF_PUSH_HOSTS`, docs/push.md); their subdomains too. */
    pushHosts: string[];
  }
}

/** How long a push service keeps an undelivered message (s): a day, then the news is stale. */
export const PUSH_TTL_SECONDS = 86400;
const SEND_TIMEOUT_MS = 10000;

const bundles = new Map<Language, Record<string, string>>();

/** One `base.push.message.*` text in `lang`, falling back to en-us for a key not translated yet. */
function message(lang: Language, key: string, values: Record<string, string> = {}): string {
  const bundle = (code: Language) => {
    let messages = bundles.get(code);
    if (!messages) bundles.set(code, (messages = JSON.parse(readFileSync(join(REPO_ROOT, 'i18n', code, 'base.json'), 'utf8')) as Record<string, string>));
    return messages;
  };
  const id = `base.push.message.${key}`;
  const text = bundle(lang)[id] ?? bundle('en-us')[id] ?? id;
  return String(new IntlMessageFormat(text, localeOf(lang)).format(values));
}

interface Context {
  actors: Map<string, string>;
  contents: Map<string, { content: string; url: string | null; title: string | null; lang: string | null }>;
  broadcasts: Map<string, { title: string; description: string; url: string | null; image_url: string | null }>;
}

/** The actors, contents (with their page) and broadcasts the rows name: three queries per batch. */
async function loadContext(app: FastifyInstance, rows: NotificationsTable[]): Promise<Context> {
  const actorIds = unique(rows.map((r) => r.actor_uuid));
  const contentIds = unique(rows.map((r) => r.content_uuid));
  const broadcastIds = unique(rows.filter((r) => r.type.startsWith('broadcast_')).map((r) => r.target_uuid));
  const [actors, contents, broadcasts] = await Promise.all([
    actorIds.length ? app.db.selectFrom('users').select(['uuid', 'name']).where('uuid', 'in', actorIds).execute() : [],
    contentIds.length
      ? app.db
          .selectFrom('contents as c')
          .innerJoin('containers as k', 'k.uuid', 'c.container_uuid')
          // The page the content's container is on (docs/notifications.md).
          .leftJoin('pages as p', (join) => join.on('p.uuid', '=', pageOfContainer(app.db, 'k')))
          .select(['c.uuid', 'c.content', 'p.url', 'p.title', 'p.lang'])
          .where('c.uuid', 'in', contentIds)
          .execute()
      : [],
    broadcastIds.length ? app.db.selectFrom('broadcasts').select(['uuid', 'title', 'description', 'url', 'image_url']).where('uuid', 'in', broadcastIds).execute() : [],
  ]);
  return {
    actors: new Map(actors.map((a) => [a.uuid, a.name])),
    contents: new Map(contents.map((c) => [c.uuid, c])),
    broadcasts: new Map(broadcasts.map((b) => [b.uuid, b])),
  };
}

/** What the service worker shows for one notification row. */
export function payloadFor(row: NotificationsTable, context: Context): PushPayload {
  const tag = row.grouping_key;
  const broadcast = row.type.startsWith('broadcast_') && row.target_uuid ? context.broadcasts.get(row.target_uuid) : undefined;
  if (broadcast) return { title: broadcast.title, body: broadcast.description, url: broadcast.url, tag, icon: broadcast.image_url };
  const content = row.content_uuid ? context.contents.get(row.content_uuid) : undefined;
  const lang = normalizeLanguage(content?.lang);
  const name = context.actors.get(row.actor_uuid) ?? message(lang, 'someone');
  const known = ['reply', 'like', 'follow', 'subscribed_user_content', 'subscribed_page_content'].includes(row.type);
  return {
    title: message(lang, known ? row.type : 'other', { name }),
    body: content ? excerpt(content.content) : '',
    url: content?.url && row.content_uuid ? `${content.url.split('#')[0]}#vf-${row.content_uuid}` : null,
    tag,
    icon: null,
  };
}

/** Sends one message; true when the push service says the subscription is gone (404, 410). */
async function send(subscription: PushSubscriptionRow, payload: PushPayload, vapid: WebPush.VapidKeys, subject: string): Promise<boolean> {
  const details = loadPackage<typeof WebPush>('web-push').generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.public_key, auth: subscription.auth_secret } },
    JSON.stringify(payload),
    { TTL: PUSH_TTL_SECONDS, vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey } },
  );
  // fetch, not web-push's own https.request: the local push service of tests and development speaks http.
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.arrayBuffer();
  if (response.status === 404 || response.status === 410) return true;
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  return false;
}

/**
 * Pushes new notification rows (called after they are committed, never awaited by a request).
 * Rows of a site with `enable_push_notifications` off, or whose recipient has push off, send nothing.
 */
export async function pushNotifications(app: FastifyInstance, rows: NotificationsTable[]): Promise<void> {
  if (rows.length === 0) return;
  const subscriptions = await subscriptionsToNotify(app.db, [...new Set(rows.map((r) => r.user_uuid))]);
  if (subscriptions.length === 0) return;
  const sites = new Map<string, Awaited<ReturnType<typeof getSite>>>();
  for (const siteUuid of new Set(rows.map((r) => r.site_uuid))) sites.set(siteUuid, await getSite(app.db, siteUuid));
  const [context, keys] = await Promise.all([loadContext(app, rows), vapidKeys(app.db)]);
  const vapid = { publicKey: keys.public_key, privateKey: keys.private_key };
  const sends: Promise<void>[] = [];
  for (const row of rows) {
    const site = sites.get(row.site_uuid);
    if (!site?.settings.enable_push_notifications) continue;
    const subject = app.vapidSubject ?? `mailto:admin@${site.domains[0] ?? 'localhost'}`;
    const payload = payloadFor(row, context);
    for (const subscription of subscriptions) {
      if (subscription.user_uuid !== row.user_uuid || subscription.site_uuid !== row.site_uuid) continue;
      sends.push(
        send(subscription, payload, vapid, subject).then(
          async (gone) => {
            if (gone) await deleteSubscription(app.db, subscription.user_uuid, subscription.subscription_id);
          },
          (error: Error) => app.log.warn({ err: error, subscription_id: subscription.subscription_id }, 'push not delivered'),
        ),
      );
    }
  }
  await Promise.all(sends);
}
