/**
 * Mutes (spec content.md §3 "Mute", §4): a reader hides another user's content for themselves.
 * One row per muter/muted pair. What reads do with them is the engine's (engine/mutes.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/** One entry of a mute list (the spec's Mute shape, with the muted user's uuid). */
export interface Mute {
  uuid: string;
  type: 'user';
  is_muted: true;
  date_muted: number;
}

/** Records the mute (idempotent) and returns when it was made. */
export async function mute(db: Kysely<Database>, muter: string, muted: string, siteUuid: string, now = Date.now()): Promise<number> {
  await db
    .insertInto('mutes')
    .values({ muter_uuid: muter, muted_uuid: muted, site_uuid: siteUuid, date_created: now })
    .onConflict((oc) => oc.columns(['muter_uuid', 'muted_uuid']).doNothing())
    .execute();
  return (await mutedSince(db, muter, muted)) ?? now;
}

/** Removes the mute; true when there was one. */
export async function unmute(db: Kysely<Database>, muter: string, muted: string): Promise<boolean> {
  const result = await db.deleteFrom('mutes').where('muter_uuid', '=', muter).where('muted_uuid', '=', muted).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** When `muter` muted `muted` (null: not muted). */
export async function mutedSince(db: Kysely<Database>, muter: string, muted: string): Promise<number | null> {
  const row = await db.selectFrom('mutes').select('date_created').where('muter_uuid', '=', muter).where('muted_uuid', '=', muted).executeTakeFirst();
  return row ? Number(row.date_created) : null;
}

/** The newest `limit` mutes of the user, and how many there are in all. */
export async function mutesOf(db: Kysely<Database>, muter: string, limit: number): Promise<{ items: Mute[]; total_count: number }> {
  const [rows, total] = await Promise.all([
    db.selectFrom('mutes').select(['muted_uuid', 'date_created']).where('muter_uuid', '=', muter).orderBy('date_created', 'desc').orderBy('muted_uuid').limit(limit).execute(),
    db.selectFrom('mutes').select((eb) => eb.fn.countAll<number>().as('n')).where('muter_uuid', '=', muter).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ uuid: row.muted_uuid, type: 'user', is_muted: true, date_muted: Number(row.date_created) })),
    total_count: Number(total.n),
  };
}
