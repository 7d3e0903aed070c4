/**
 * Readers' hourly and daily digests (docs/notifications.md "Email"). A reader set to hourly or
 * daily gets no mail at once: readerMails.ts stores what it would have mailed as a digest item
 * (once per reader and reason). A run (digestSchedule.ts, or `npm run admin -- send-digests`)
 * takes, for each period that has begun, the items from before its start, a page of readers at a
 * time (bounded memory whatever the number of readers), and
 * writes each reader's digest as one outbox row (`digest:<reader>:<period start>`; a page's rows
 * in a few inserts) in the transaction that marks its items digested:
 * a crash can neither lose an item nor mail it twice, and a second run in the period (here or in
 * another process) writes nothing. A digest with nothing left to show is not written.
 *
 * Items of a reader who is no longer on hourly or daily, is banned, erased, deleting or no longer
 * verified, or of a category switched off meanwhile, or whose item is no longer shown, are dropped.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { MailCategory } from '../../core/mail/types.ts';
import { resolveSiteSettings } from '../../core/settings/site.ts';
import { pageOfContainer } from '../pages/index.ts';
import { chunks } from '../storage/chunks.ts';
import type { Database } from '../storage/schema.ts';
import { dailyPeriodStart, hourlyPeriodStart } from './digestSchedule.ts';
import { type DigestConversation, type DigestFrequency, digestText } from './digestText.ts';
import { type EnqueuedRow, enqueueMails } from './outbox.ts';
import { categoriesOf } from './preferences.ts';
import { clipped, deepLink, mailLanguage, type MailReason, preferencesLink } from './readerMailText.ts';
import { oneClickHeaders, unsubscribeAddress } from './unsubscribe.ts';

/** Readers per page of a run (and per transaction). */
export const DIGEST_PAGE = 200;
/** Items one digest shows; a reader's further items wait for their next digest. */
export const DIGEST_MAX_ITEMS = 50;
/** Longest excerpt a digest quotes (an immediate mail quotes more). */
const EXCERPT_LENGTH = 280;
/** Values per `in (…)` list (SQLite's bound parameters are limited). */
const IN_CHUNK = 500;

/** An item for a reader's next digest (readerMails.ts). */
export interface DigestItem {
  site_uuid: string;
  user_uuid: string;
  category: MailCategory;
  reason: MailReason;
  item_uuid: string;
  actor_uuid: string | null;
}

/** Stores items for digests, once per reader and reason (a retried producer adds nothing). */
export async function storeDigestItems(db: Kysely<Database>, items: DigestItem[], now = Date.now()): Promise<void> {
  if (items.length === 0) return;
  await db.insertInto('mail_digest_items')
    .values(items.map((item) => ({ ...item, uuid: randomUUID(), dedupe_key: `${item.reason}:${item.item_uuid}:${item.user_uuid}`, date_created: now, digested_at: null, digest_key: null })))
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

export interface DigestRunOptions {
  /** The unsubscribe key (unsubscribe.ts) and the server's public address, as readerMails.ts has them. */
  key: Buffer;
  publicUrl: string;
  now: number;
  /** Only this site's readers. */
  site?: string;
  pageSize?: number;
  /** Called after each page that wrote digests (the server kicks its dispatcher). */
  onWritten?: (count: number) => void;
}

/** Writes every digest due at `now` (hourly, and daily per site); answers how many. */
export async function sendDueDigests(db: Kysely<Database>, options: DigestRunOptions): Promise<number> {
  await dropUnwanted(db);
  // Only the sites and frequencies with waiting items: a run that finds nothing to do (most of them,
  // every minute in every process) is one query, whatever the number of sites.
  let waiting = db.selectFrom('mail_digest_items').innerJoin('users', 'users.uuid', 'mail_digest_items.user_uuid')
    .select(['users.site_uuid', 'users.email_notice_frequency']).distinct()
    .where('mail_digest_items.digested_at', 'is', null).where('users.email_notice_frequency', 'in', ['hourly', 'daily']);
  if (options.site) waiting = waiting.where('users.site_uuid', '=', options.site);
  const due = await waiting.execute();
  if (due.length === 0) return 0;
  const sites = await db.selectFrom('sites').select(['uuid', 'settings']).where('uuid', 'in', [...new Set(due.map((row) => row.site_uuid))]).execute();
  let written = 0;
  for (const site of sites) {
    const settings = resolveSiteSettings(JSON.parse(site.settings) as Record<string, unknown>);
    const has = (frequency: DigestFrequency) => due.some((row) => row.site_uuid === site.uuid && row.email_notice_frequency === frequency);
    if (has('hourly')) written += await runPeriod(db, options, site.uuid, 'hourly', hourlyPeriodStart(options.now));
    if (has('daily')) written += await runPeriod(db, options, site.uuid, 'daily', dailyPeriodStart(options.now, settings.email_digest_hour, settings.email_digest_time_zone));
  }
  return written;
}

/** How long a digested item is kept (what a digest held, for support questions), then deleted. */
const KEEP_DIGESTED_MS = 7 * 24 * 3_600_000;

/** Waiting items of readers no longer on a digest, or banned, erased or deleting: dropped; old digested ones too. */
async function dropUnwanted(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  await db.deleteFrom('mail_digest_items').where('digested_at', '<', now - KEEP_DIGESTED_MS).execute();
  await db.deleteFrom('mail_digest_items').where('digested_at', 'is', null).where((eb) => eb.or([
    eb('user_uuid', 'in', eb.selectFrom('users').select('uuid').where((u) => u.or([
      u('email_notice_frequency', 'not in', ['hourly', 'daily']), u('erased_at', 'is not', null), u('deletion_requested_at', 'is not', null),
    ]))),
    eb('user_uuid', 'in', eb.selectFrom('bans').select('user_uuid').where('date_revoked', 'is', null)
      .where((b) => b.or([b('date_expired', 'is', null), b('date_expired', '>', now)]))),
  ])).execute();
}

/** One period of one frequency on one site: its readers a page at a time, in uuid order. */
async function runPeriod(db: Kysely<Database>, options: DigestRunOptions, site: string, frequency: DigestFrequency, periodStart: number): Promise<number> {
  const pageSize = options.pageSize ?? DIGEST_PAGE;
  let after = '';
  let written = 0;
  for (;;) {
    const readers = (await db.selectFrom('mail_digest_items')
      .innerJoin('users', 'users.uuid', 'mail_digest_items.user_uuid')
      .select('mail_digest_items.user_uuid').distinct()
      .where('mail_digest_items.digested_at', 'is', null)
      .where('mail_digest_items.date_created', '<', periodStart)
      .where('mail_digest_items.user_uuid', '>', after)
      .where('users.site_uuid', '=', site)
      .where('users.email_notice_frequency', '=', frequency)
      .orderBy('mail_digest_items.user_uuid').limit(pageSize).execute()).map((row) => row.user_uuid);
    if (readers.length === 0) return written;
    const count = await writePage(db, options, frequency, periodStart, readers);
    if (count) options.onWritten?.(count);
    written += count;
    if (readers.length < pageSize) return written;
    after = readers[readers.length - 1]!;
    // SQLite answers synchronously: without this a run of many pages would keep requests and the
    // dispatcher's sends waiting until its end.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const unique = (values: string[]) => [...new Set(values)];
const excerpt = (content: string) => clipped(content.replace(/\s+/g, ' ').trim(), EXCERPT_LENGTH);

/** Reads a page of readers and their items, then writes their digests and marks (or drops) the items in one transaction. */
async function writePage(db: Kysely<Database>, options: DigestRunOptions, frequency: DigestFrequency, periodStart: number, readers: string[]): Promise<number> {
  const users = await db.selectFrom('users').innerJoin('sites', 'sites.uuid', 'users.site_uuid')
    .select(['users.uuid', 'users.site_uuid', 'users.email', 'users.email_verification_status', 'users.email_notice_categories', 'sites.name as site_name'])
    .where('users.uuid', 'in', readers).orderBy('users.uuid').execute(); // every process writes in one order: no deadlock on PostgreSQL
  const items = await db.selectFrom('mail_digest_items').select(['uuid', 'user_uuid', 'category', 'reason', 'item_uuid'])
    .where('user_uuid', 'in', readers).where('digested_at', 'is', null).where('date_created', '<', periodStart)
    .orderBy('date_created').orderBy('uuid').execute();
  const contentUuids = unique(items.map((i) => i.item_uuid));
  const contents = contentUuids.length === 0 ? [] : await db.selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .innerJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)))
    .select(['contents.uuid', 'contents.content', 'contents.actor_uuid', 'pages.uuid as page_uuid', 'pages.url', 'pages.title', 'pages.lang'])
    .where('contents.uuid', 'in', contentUuids).where('contents.state', '=', 'visible').execute();
  const contentOf = new Map(contents.map((c) => [c.uuid, c]));
  const actors = unique(contents.map((c) => c.actor_uuid));
  const nameOf = new Map((actors.length ? await db.selectFrom('users').select(['uuid', 'name']).where('uuid', 'in', actors).execute() : []).map((u) => [u.uuid, u.name]));
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) {
    const list = itemsOf.get(item.user_uuid);
    if (list) list.push(item);
    else itemsOf.set(item.user_uuid, [item]);
  }

  const now = Date.now();
  const dropped: string[] = [];
  const digests: { key: string; row: EnqueuedRow; shown: string[]; unshowable: string[] }[] = [];
  for (const user of users) {
    const mine = itemsOf.get(user.uuid) ?? [];
    const categories = categoriesOf(user);
    const verified = user.email_verification_status === 'approved' && user.email.includes('@');
    const canShow = (i: (typeof mine)[number]) => verified && categories[i.category as MailCategory] === true && contentOf.has(i.item_uuid);
    // Items no digest can show (unverified, category off, item gone) are dropped; those past the cap wait.
    const shown = mine.filter(canShow).slice(0, DIGEST_MAX_ITEMS);
    const unshowable = mine.filter((i) => !canShow(i)).map((i) => i.uuid);
    if (shown.length === 0) {
      dropped.push(...unshowable);
      continue;
    }
    const key = `digest:${user.uuid}:${periodStart}`;
    const mail = digestMail(options, frequency, user, shown.map((i) => ({ reason: i.reason as MailReason, content: contentOf.get(i.item_uuid)! })), nameOf);
    digests.push({ key, row: { site_uuid: user.site_uuid, user_uuid: user.uuid, category: null, dedupe_key: key, mail }, shown: shown.map((i) => i.uuid), unshowable });
  }

  // The page's digests in a few inserts, then their items marked in a few updates (each item's
  // digest_key is its reader's, built by the database from the row's user_uuid).
  return db.transaction().execute(async (trx) => {
    const fresh = await enqueueMails(trx, digests.map((digest) => digest.row));
    const marked: string[] = [];
    for (const digest of digests) {
      if (!fresh.has(digest.key)) continue; // this period's digest is written already: the items wait for the next
      marked.push(...digest.shown);
      dropped.push(...digest.unshowable);
    }
    const digestKey = sql<string>`${sql.lit('digest:')} || user_uuid || ${sql.lit(`:${periodStart}`)}`;
    // "Not digested yet" as `digest_key is null` (set with digested_at), not `digested_at is null`: with a
    // long `in` list SQLite's planner would walk the waiting index through every waiting item instead.
    for (const chunk of chunks(marked, IN_CHUNK)) {
      await trx.updateTable('mail_digest_items').set({ digested_at: now, digest_key: digestKey }).where('uuid', 'in', chunk).where('digest_key', 'is', null).execute();
    }
    for (const chunk of chunks(dropped, IN_CHUNK)) await trx.deleteFrom('mail_digest_items').where('uuid', 'in', chunk).where('digest_key', 'is', null).execute();
    return fresh.size;
  });
}


interface ShownItem {
  reason: MailReason;
  content: { uuid: string; content: string; actor_uuid: string; page_uuid: string; url: string; title: string | null; lang: string | null };
}

/** The digest as a mail: grouped by conversation in order of first appearance, in the language of the newest item's page. */
function digestMail(options: DigestRunOptions, frequency: DigestFrequency, user: { uuid: string; site_uuid: string; email: string; site_name: string }, shown: ShownItem[], nameOf: Map<string, string>) {
  const newest = shown[shown.length - 1]!.content;
  const lang = mailLanguage(newest.lang);
  const conversations = new Map<string, DigestConversation>();
  for (const { reason, content } of shown) {
    let conversation = conversations.get(content.page_uuid);
    if (!conversation) conversations.set(content.page_uuid, (conversation = { title: content.title || content.url, url: content.url.split('#')[0]!, entries: [] }));
    conversation.entries.push({ reason, actor: nameOf.get(content.actor_uuid) ?? '', excerpt: excerpt(content.content), link: deepLink(content.url, content.uuid) });
  }
  const unsubscribe = unsubscribeAddress(options.key, options.publicUrl, { site: user.site_uuid, user: user.uuid, category: 'digest' }, lang);
  const { subject, text, html } = digestText({
    lang, frequency, site: user.site_name, conversations: [...conversations.values()],
    preferences: preferencesLink(newest.url), unsubscribe,
  });
  return { to: user.email, subject, text, html, headers: oneClickHeaders(unsubscribe) };
}
