/**
 * What a visitor has read (migration 016), so trendingrecommended can leave it out. Privacy:
 * the visitor is stored as a hash of the site and their analytics visitor id, never the id, and
 * only their latest READS_KEPT reads are kept.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/** The reads kept per visitor and site: older ones are dropped as new ones come. */
export const READS_KEPT = 200;

export function visitorKey(siteUuid: string, visitorId: string): string {
  return createHash('sha256').update(`${siteUuid}:${visitorId}`).digest('base64url');
}

/** Records (or refreshes) a read of the container, then trims the visitor's reads to READS_KEPT. */
export async function recordRead(db: Kysely<Database>, siteUuid: string, visitorId: string, containerUuid: string, now = Date.now()): Promise<void> {
  const key = visitorKey(siteUuid, visitorId);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('page_reads')
      .values({ site_uuid: siteUuid, visitor_key: key, container_uuid: containerUuid, date_read: now })
      .onConflict((oc) => oc.columns(['site_uuid', 'visitor_key', 'container_uuid']).doUpdateSet({ date_read: now }))
      .execute();
    const visitorReads = trx.selectFrom('page_reads').where('site_uuid', '=', siteUuid).where('visitor_key', '=', key);
    await trx
      .deleteFrom('page_reads')
      .where('site_uuid', '=', siteUuid)
      .where('visitor_key', '=', key)
      // SQLite needs a LIMIT before an OFFSET
      .where('container_uuid', 'in', visitorReads.select('container_uuid').orderBy('date_read', 'desc').orderBy('container_uuid').limit(1_000_000).offset(READS_KEPT))
      .execute();
  });
}

/** The containers (uuids) the visitor has read on the site, newest first. */
export async function containersReadBy(db: Kysely<Database>, siteUuid: string, visitorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('page_reads')
    .select('container_uuid')
    .where('site_uuid', '=', siteUuid)
    .where('visitor_key', '=', visitorKey(siteUuid, visitorId))
    .orderBy('date_read', 'desc')
    .limit(READS_KEPT)
    .execute();
  return rows.map((row) => row.container_uuid);
}
