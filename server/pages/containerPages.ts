/**
 * The page each conversation is on (DESIGN.md "Pages and conversations", `page_containers`,
 * migration 026), from what the server knows: what a read of the page found in it
 * (pageContainers.ts), the demo seed's own pages, and, until a read says more, a page's key (its
 * `vf:unique_id`, else its address, as its first `POST /pages` gave it). Everything that shows
 * where an item lives (trending, the community views, the moderation queue, notifications, a
 * page's followers) reads the join through these.
 *
 * When a second page names a container already joined, the surer naming takes it (`strength`):
 * the page's own as read (its head's `vf:container_id`, else its address; the seed's pages) over
 * an element of its body that shows it (an index page embedding an article's comments) over a key
 * no read confirmed (a caller's `unique_id`). Between equals the first join stays: the first page
 * to carry a conversation is where it started, so a later copy (a syndicated version, a page
 * embedding it) does not take its readers' links, and the join does not flip at every read.
 */
import { type Expression, type Kysely, sql } from 'kysely';
import type { ContainerKind, ContainersTable, Database } from '../storage/schema.ts';
import type { PageContainers } from './pageContainers.ts';

/** How surely a page holds a container (`page_containers.strength`), surest first. */
export const JOIN_STRENGTH = { ownAsRead: 3, shownByElement: 2, byKey: 1 } as const;

/** Joins each container to the page at its strength, unless a page holds it as surely or more. */
export async function joinContainers(db: Kysely<Database>, siteUuid: string, pageUuid: string, joins: ReadonlyMap<string, number>, now = Date.now()): Promise<void> {
  if (joins.size === 0) return;
  const rows = [...joins].map(([id, strength]) => ({ site_uuid: siteUuid, container_id: id, page_uuid: pageUuid, strength, date_created: now }));
  await db
    .insertInto('page_containers')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['site_uuid', 'container_id'])
        .doUpdateSet((eb) => ({ page_uuid: eb.ref('excluded.page_uuid'), strength: eb.ref('excluded.strength'), date_created: eb.ref('excluded.date_created') }))
        .where((eb) => eb('page_containers.strength', '<', eb.ref('excluded.strength'))),
    )
    .execute();
}

/** The joins a read of a page found: its own containers, and those its elements show. */
export function readJoins(containers: PageContainers): Map<string, number> {
  const joins = new Map<string, number>(containers.shown.map((id) => [id, JOIN_STRENGTH.shownByElement]));
  for (const id of containers.own) joins.set(id, JOIN_STRENGTH.ownAsRead);
  return joins;
}

/** Stores what a read of the page found in it: its containers, and when they were read. */
export async function saveReadContainers(db: Kysely<Database>, page: { uuid: string; site_uuid: string }, containers: PageContainers, now: number): Promise<void> {
  await joinContainers(db, page.site_uuid, page.uuid, readJoins(containers), now);
  await db.updateTable('pages').set({ containers_read_at: now }).where('uuid', '=', page.uuid).execute();
}

/** The uuid of the page a container is on (a subquery): the container given by its site and id, values or references. */
export function pageUuidOf(db: Kysely<Database>, siteUuid: string | Expression<string>, containerId: string | Expression<string>) {
  return db
    .selectFrom('page_containers')
    .select('page_containers.page_uuid')
    .where('page_containers.site_uuid', '=', siteUuid)
    .where('page_containers.container_id', '=', containerId);
}

/**
 * The page of the query's `containers` row (or of the table under `alias`), for a join's
 * `on('pages.uuid', '=', pageOfContainer(db))`: one index read per row, on SQLite and PostgreSQL.
 */
export function pageOfContainer(db: Kysely<Database>, alias = 'containers') {
  return pageUuidOf(db, sql.ref<string>(`${alias}.site_uuid`), sql.ref<string>(`${alias}.container_id`));
}

/** Pages with the containers on them, one row per page and container: reads from a page to what it holds. */
export function pagesWithContainers(db: Kysely<Database>) {
  return db
    .selectFrom('pages')
    .innerJoin('page_containers', 'page_containers.page_uuid', 'pages.uuid')
    .innerJoin('containers', (join) => join.onRef('containers.site_uuid', '=', 'page_containers.site_uuid').onRef('containers.container_id', '=', 'page_containers.container_id'));
}

/** The page's container of `kind` (its own first, then the first joined), if it holds one. */
export async function containerOfPage(db: Kysely<Database>, pageUuid: string, kind: ContainerKind): Promise<ContainersTable | null> {
  const row = await pagesWithContainers(db)
    .selectAll('containers')
    .where('pages.uuid', '=', pageUuid)
    .where('containers.kind', '=', kind)
    .orderBy('page_containers.strength', 'desc')
    .orderBy('page_containers.date_created')
    .orderBy('containers.container_id')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
