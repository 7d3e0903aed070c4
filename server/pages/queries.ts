/**
 * Pages: one row per site and unique id (the page's `vf:unique_id`, else its url). Creation is
 * race-free and idempotent (unique constraint + do nothing, then read). Title, description and
 * image carry where they came from (`meta_source`, migration 023): a caller's hint until the
 * server read the page; a staff correction or the server's own seed is never replaced by a read.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Page, PageChange, PageInput, PageMetaSource, PageType } from '../../core/api/types.ts';
import type { Database, PagesTable } from '../storage/schema.ts';
import { JOIN_STRENGTH, joinContainers } from './containerPages.ts';

export type PageRow = Selectable<PagesTable>;
/** What a page says about itself, and what a read of it stores. */
export type PageMeta = Pick<Page, 'title' | 'description' | 'image_url' | 'image_alt'>;

/** The sources a read of the page may replace. */
const READABLE: PageMetaSource[] = ['hint', 'page'];
/** A page the rails may show: its metadata is not a caller's unconfirmed hint. */
export const CONFIRMED_META = ['page', 'staff', 'server'] as const satisfies PageMetaSource[];

export function toApiPage(row: PageRow): Page {
  return {
    id: row.uuid,
    section_uuid: row.site_uuid,
    unique_id: row.unique_id,
    url: row.url,
    title: row.title,
    description: row.description,
    image_url: row.image_url,
    image_alt: row.image_alt,
    page_type: row.page_type as PageType,
    owners: JSON.parse(row.owners) as string[],
    topics: JSON.parse(row.topics) as string[],
    page_section: row.section,
    lang: row.lang,
    date_created: Number(row.date_created),
    date_updated: Number(row.date_updated),
    meta_source: row.meta_source as PageMetaSource,
  };
}

/**
 * The page for (site, key), creating it from `input` when there is none; `created` tells which.
 * `source` is where the metadata comes from: a caller's `hint`, or the `server`'s own (the demo
 * seed), which also replaces an existing page's metadata and address (the demo's port may change)
 * unless staff corrected it. A new page's key names its conversation (containerPages.ts)
 * until a read of the page says more.
 */
export async function findOrCreatePage(
  db: Kysely<Database>,
  siteUuid: string,
  given: PageInput,
  source: 'hint' | 'server' = 'hint',
): Promise<{ page: PageRow; created: boolean }> {
  // What the page does not say: an article with no title, picture, owners or topics.
  const input: Required<PageInput> = {
    url: given.url, unique_id: given.unique_id ?? null, title: given.title ?? '', description: given.description ?? '',
    image_url: given.image_url ?? null, image_alt: given.image_alt ?? null, page_type: given.page_type ?? 'article',
    owners: given.owners ?? [], topics: given.topics ?? [], page_section: given.page_section ?? null, lang: given.lang ?? null,
  };
  const key = input.unique_id ?? input.url;
  const now = Date.now();
  const uuid = randomUUID();
  await db
    .insertInto('pages')
    .values({
      uuid,
      site_uuid: siteUuid,
      unique_id: key,
      url: input.url,
      title: input.title,
      description: input.description,
      image_url: input.image_url,
      image_alt: input.image_alt,
      page_type: input.page_type,
      owners: JSON.stringify(input.owners),
      topics: JSON.stringify(input.topics),
      section: input.page_section,
      lang: input.lang,
      date_created: now,
      date_updated: now,
      meta_source: source,
    })
    .onConflict((oc) => {
      const sameKey = oc.columns(['site_uuid', 'unique_id']);
      if (source === 'hint') return sameKey.doNothing();
      const meta = { url: input.url, title: input.title, description: input.description, image_url: input.image_url, image_alt: input.image_alt, meta_source: source };
      return sameKey.doUpdateSet(meta).where('pages.meta_source', '!=', 'staff');
    })
    .execute();
  const page = await db.selectFrom('pages').selectAll().where('site_uuid', '=', siteUuid).where('unique_id', '=', key).executeTakeFirstOrThrow();
  const created = page.uuid === uuid;
  // The seed's pages are the server's own; a caller's key holds until a read of the page says more.
  const strength = source === 'server' ? JOIN_STRENGTH.ownAsRead : JOIN_STRENGTH.byKey;
  if (created || source === 'server') await joinContainers(db, siteUuid, page.uuid, new Map([[key, strength]]), now);
  return { page, created };
}

export async function getPage(db: Kysely<Database>, uuid: string): Promise<PageRow | null> {
  return (await db.selectFrom('pages').selectAll().where('uuid', '=', uuid).executeTakeFirst()) ?? null;
}

/** A moderator's or admin's change (already validated and cleaned); returns the new row. Metadata they set is theirs: reads leave it. */
export async function updatePage(db: Kysely<Database>, uuid: string, change: PageChange): Promise<PageRow | null> {
  const set: Partial<PageRow> = { date_updated: Date.now() };
  if (change.url !== undefined) set.url = change.url;
  if (change.title !== undefined) set.title = change.title;
  if (change.description !== undefined) set.description = change.description;
  if (change.image_url !== undefined) set.image_url = change.image_url;
  if (change.image_alt !== undefined) set.image_alt = change.image_alt;
  if (change.page_type !== undefined) set.page_type = change.page_type;
  if (change.owners !== undefined) set.owners = JSON.stringify(change.owners);
  if (change.topics !== undefined) set.topics = JSON.stringify(change.topics);
  if (change.page_section !== undefined) set.section = change.page_section;
  if (change.lang !== undefined) set.lang = change.lang;
  if ([change.title, change.description, change.image_url, change.image_alt].some((value) => value !== undefined)) set.meta_source = 'staff';
  await db.updateTable('pages').set(set).where('uuid', '=', uuid).execute();
  return getPage(db, uuid);
}

/**
 * Claims the read of a page at `now`: true when it is not the server's own (a staff page is read
 * for its conversations only: saveReadMeta leaves its metadata) and no read started within
 * `gapMs`. One process, one request wins.
 */
export async function claimMetaRead(db: Kysely<Database>, uuid: string, now: number, gapMs: number): Promise<boolean> {
  const result = await db
    .updateTable('pages')
    .set({ meta_read_at: now })
    .where('uuid', '=', uuid)
    .where('meta_source', '!=', 'server')
    .where((eb) => eb.or([eb('meta_read_at', 'is', null), eb('meta_read_at', '<=', now - gapMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores what a read of the page found, unless staff corrected the page meanwhile. */
export async function saveReadMeta(db: Kysely<Database>, uuid: string, meta: PageMeta): Promise<void> {
  await db
    .updateTable('pages')
    .set({ ...meta, meta_source: 'page', date_updated: Date.now() })
    .where('uuid', '=', uuid)
    .where('meta_source', 'in', READABLE)
    .execute();
}
