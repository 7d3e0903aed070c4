/** Content containers: one per page (container_id) per site, created on first use. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Container } from '../../core/api/types.ts';
import type { ContainersTable, Database } from './schema.ts';

/** Returns the container, creating it if needed; concurrent first uses get the same row. */
export async function getOrCreateContainer(db: Kysely<Database>, siteUuid: string, containerId: string): Promise<ContainersTable> {
  await db
    .insertInto('containers')
    .values({ uuid: randomUUID(), site_uuid: siteUuid, container_id: containerId, is_hidden: 0, is_closed: 0, total_visible_content: 0, date_created: Date.now() })
    .onConflict((oc) => oc.columns(['site_uuid', 'container_id']).doNothing())
    .execute();
  return db
    .selectFrom('containers')
    .selectAll()
    .where('site_uuid', '=', siteUuid)
    .where('container_id', '=', containerId)
    .executeTakeFirstOrThrow();
}

/** The container, only if it belongs to that site. */
export async function getContainer(db: Kysely<Database>, siteUuid: string, uuid: string): Promise<ContainersTable | null> {
  const row = await db.selectFrom('containers').selectAll().where('uuid', '=', uuid).where('site_uuid', '=', siteUuid).executeTakeFirst();
  return row ?? null;
}

export function toApiContainer(row: ContainersTable): Container {
  return {
    content_container_uuid: row.uuid,
    container_id: row.container_id,
    section_uuid: row.site_uuid,
    total_visible_content: Number(row.total_visible_content),
    settings: { is_hidden: row.is_hidden === 1, is_closed: row.is_closed === 1 },
  };
}
