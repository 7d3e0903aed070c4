/**
 * Pages: one row per site and unique id (the page's `vf:unique_id`, else its url). Creation is
 * race-free and idempotent (unique constraint + do nothing, then read).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Page, PageChange, PageInput, PageType } from '../../core/api/types.ts';
import type { Database, PagesTable } from './schema.ts';

export function toApiPage(row: PagesTable): Page {
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
  };
}

/** The page for (site, key), creating it from `input` when there is none; `created` tells which. */
export async function findOrCreatePage(db: Kysely<Database>, siteUuid: string, input: Required<PageInput>): Promise<{ page: PagesTable; created: boolean }> {
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
    })
    .onConflict((oc) => oc.columns(['site_uuid', 'unique_id']).doNothing())
    .execute();
  const page = await db.selectFrom('pages').selectAll().where('site_uuid', '=', siteUuid).where('unique_id', '=', key).executeTakeFirstOrThrow();
  return { page, created: page.uuid === uuid };
}

export async function getPage(db: Kysely<Database>, uuid: string): Promise<PagesTable | null> {
  return (await db.selectFrom('pages').selectAll().where('uuid', '=', uuid).executeTakeFirst()) ?? null;
}

/** Applies the given fields (already validated and cleaned); returns the new row. */
export async function updatePage(db: Kysely<Database>, uuid: string, change: PageChange): Promise<PagesTable | null> {
  const set: Partial<PagesTable> = { date_updated: Date.now() };
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
  await db.updateTable('pages').set(set).where('uuid', '=', uuid).execute();
  return getPage(db, uuid);
}
