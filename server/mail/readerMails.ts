/**
 * Which readers get which mail (docs/notifications.md "Email"), as `app.readerMails`: the write
 * paths (notifications/create.ts, the pick and moderation routes, and the followup sweep for a
 * write cut off after commit: notifications/followupSweep.ts) tell it what happened after
 * commit, and it writes one outbox row per reader and reason (`dedupe_key`: a retried producer
 * never mails twice), then kicks the dispatcher. Never to the actor, an unverified address, a
 * banned, erased or deleting account, a category switched off, or a reader set to off. For a
 * reader set to hourly or daily it stores a digest item instead (digests.ts), once per reason.
 * A failure is logged, never the writer's.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailCategory } from '../../core/mail/types.ts';
import { pageOfContainer } from '../pages/index.ts';
import type { ContainersTable, ContentsTable } from '../storage/schema.ts';
import { type DigestItem, storeDigestItems } from './digests.ts';
import { type EnqueuedRow, enqueueMails } from './outbox.ts';
import { categoriesOf, frequencyOf } from './preferences.ts';
import { clipped, deepLink, mailLanguage, type MailReason, preferencesLink, readerMailText } from './readerMailText.ts';
import { oneClickHeaders, unsubscribeAddress, unsubscribeKey } from './unsubscribe.ts';

/** Why one reader is mailed about one item. */
export interface MailIntent {
  category: MailCategory;
  reason: MailReason;
  recipient: string;
  /** The item the mail shows and links to. */
  item: string;
  /** Who did it (never mailed about it; a moderator is named in no mail); null: an automatic rule. */
  actor: string | null;
}

export interface ReaderMails {
  // Each answers whether its mails are written (false: logged; the item's followup stays for the sweep).
  /** A new item showed: a reply mail to the parent's author, page and live-blog follow mails to the page's followers. */
  created(row: ContentsTable, container: ContainersTable, parent: ContentsTable | undefined, heard: { replyTo: string | null; followers: string[] }): Promise<boolean>;
  /** Items the editor `by` picked (each author mailed once per item, however often it is picked again). */
  picked(uuids: string[], by: string): Promise<boolean>;
  /** Held items the moderator `by` approved. */
  approved(uuids: string[], by: string): Promise<boolean>;
  /** Writes the mails, or the digest items of readers on hourly or daily (exported for tests). */
  send(intents: MailIntent[]): Promise<boolean>;
  readonly key: Buffer;
  readonly publicUrl: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    readerMails: ReaderMails;
  }
}

/** Longest item text a mail quotes. */
const QUOTE_LENGTH = 600;

/**
 * The item's words for a mail: as the reader typed them (stored as typed; the mail's HTML escapes
 * them, so a `<b>` shows as written and is never markup), spaces tidied, cut to QUOTE_LENGTH.
 */
const quoted = (content: string) => clipped(content.replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim(), QUOTE_LENGTH);

const unique = (values: string[]) => [...new Set(values)];

/** The intents to mail now (readers on immediate, with their address) and the digest items to store (readers on hourly or daily). */
async function mailable(app: FastifyInstance, intents: MailIntent[]): Promise<{ now: (MailIntent & { to: string })[]; digest: DigestItem[] }> {
  const uuids = unique(intents.map((i) => i.recipient));
  if (uuids.length === 0) return { now: [], digest: [] };
  const now = Date.now();
  const [users, bans] = await Promise.all([
    app.db.selectFrom('users')
      .select(['uuid', 'site_uuid', 'email', 'email_verification_status', 'erased_at', 'deletion_requested_at', 'email_notice_frequency', 'email_notice_categories'])
      .where('uuid', 'in', uuids).execute(),
    app.db.selectFrom('bans').select('user_uuid').where('user_uuid', 'in', uuids).where('date_revoked', 'is', null)
      .where((eb) => eb.or([eb('date_expired', 'is', null), eb('date_expired', '>', now)])).execute(),
  ]);
  const banned = new Set(bans.map((b) => b.user_uuid));
  const ok = new Map(users.filter((u) =>
    u.email_verification_status === 'approved' && u.email.includes('@') && u.erased_at == null && u.deletion_requested_at == null &&
    !banned.has(u.uuid) && frequencyOf(u) !== 'off').map((u) => [u.uuid, { categories: categoriesOf(u), frequency: frequencyOf(u), site: u.site_uuid, email: u.email }]));
  const wanted = intents.filter((i) => i.recipient !== i.actor && ok.get(i.recipient)?.categories[i.category] === true);
  return {
    now: wanted.filter((i) => ok.get(i.recipient)!.frequency === 'immediate').map((i) => ({ ...i, to: ok.get(i.recipient)!.email })),
    digest: wanted.filter((i) => ok.get(i.recipient)!.frequency !== 'immediate').map((i) => ({
      site_uuid: ok.get(i.recipient)!.site, user_uuid: i.recipient, category: i.category, reason: i.reason, item_uuid: i.item, actor_uuid: i.actor,
    })),
  };
}

async function send(app: FastifyInstance, key: Buffer, publicUrl: string, all: MailIntent[]): Promise<boolean> {
  try {
    const { now: intents, digest } = await mailable(app, all);
    await storeDigestItems(app.db, digest);
    if (intents.length === 0) return true;
    const items = await app.db.selectFrom('contents')
      .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
      .innerJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(app.db)))
      .innerJoin('sites', 'sites.uuid', 'contents.site_uuid')
      .select(['contents.uuid', 'contents.content', 'contents.site_uuid', 'contents.actor_uuid', 'pages.url', 'pages.title', 'pages.lang', 'sites.name as site_name'])
      .where('contents.uuid', 'in', unique(intents.map((i) => i.item))).execute();
    if (items.length === 0) return true; // an item on no page has nowhere to link to
    const itemOf = new Map(items.map((row) => [row.uuid, row]));
    const actors = await app.db.selectFrom('users').select(['uuid', 'name']).where('uuid', 'in', unique(items.map((row) => row.actor_uuid))).execute();
    const nameOf = new Map(actors.map((u) => [u.uuid, u.name]));
    const rows: EnqueuedRow[] = [];
    for (const intent of intents) {
      const item = itemOf.get(intent.item);
      if (!item) continue;
      const lang = mailLanguage(item.lang);
      const unsubscribe = unsubscribeAddress(key, publicUrl, { site: item.site_uuid, user: intent.recipient, category: intent.category }, lang);
      const { subject, text, html } = readerMailText({
        lang, reason: intent.reason, site: item.site_name, page: item.title || item.url,
        actor: nameOf.get(item.actor_uuid) ?? '', excerpt: quoted(item.content),
        link: deepLink(item.url, item.uuid), preferences: preferencesLink(item.url), unsubscribe,
      });
      rows.push({
        site_uuid: item.site_uuid, user_uuid: intent.recipient, category: intent.category,
        dedupe_key: `${intent.reason}:${intent.item}:${intent.recipient}`,
        mail: { to: intent.to, subject, text, html, headers: oneClickHeaders(unsubscribe) },
      });
    }
    // One transaction for the lot (a page's followers: a few statements, not one transaction per mail).
    const written = rows.length ? (await enqueueMails(app.db, rows)).size : 0;
    if (written) app.mailOutbox.kick();
    return true;
  } catch (error) {
    app.log.error({ err: error }, 'reader mails not written');
    return false;
  }
}

async function authorsOf(app: FastifyInstance, uuids: string[]) {
  if (uuids.length === 0) return [];
  return app.db.selectFrom('contents').select(['uuid', 'actor_uuid']).where('uuid', 'in', unique(uuids)).execute();
}

function readerMails(app: FastifyInstance, key: Buffer, publicUrl: string): ReaderMails {
  const write = (intents: MailIntent[]) => send(app, key, publicUrl, intents);
  return {
    key,
    publicUrl,
    send: write,
    created: (row, container, parent, heard) => {
      if (row.state !== 'visible') return Promise.resolve(true);
      const intents: MailIntent[] = [];
      if (parent && heard.replyTo === parent.actor_uuid) intents.push({ category: 'reply', reason: 'reply', recipient: parent.actor_uuid, item: row.uuid, actor: row.actor_uuid });
      // A live blog's post is the live-blog follow; a comment (or reply) in a conversation the page
      // follow. A chat's messages and a live blog's replies mail only the parent's author.
      const follow = container.kind === 'liveblog' ? (parent ? null : 'liveblog_follow') : container.kind === 'conversation' ? 'page_follow' : null;
      if (follow) for (const user of heard.followers) if (user !== heard.replyTo) intents.push({ category: follow, reason: follow, recipient: user, item: row.uuid, actor: row.actor_uuid });
      return write(intents);
    },
    picked: async (uuids, by) => write((await authorsOf(app, uuids)).map((row) => ({ category: 'pick', reason: 'pick', recipient: row.actor_uuid, item: row.uuid, actor: by }))),
    approved: async (uuids, by) => write((await authorsOf(app, uuids)).map((row) => ({ category: 'moderation', reason: 'approved', recipient: row.actor_uuid, item: row.uuid, actor: by }))),
  };
}

/** `publicUrl`: the server's public address, without a trailing slash (config.ts publicOrigin): unsubscribe links lead there. */
export default fp<{ jwtSecret: Buffer; publicUrl: string }>(async (app, { jwtSecret, publicUrl }) => {
  app.decorate('readerMails', readerMails(app, unsubscribeKey(jwtSecret), publicUrl));
}, { name: 'vf-reader-mails' });
