/**
 * Login sessions. The refresh token itself is never stored: only its sha256, replaced on every
 * refresh (compare-and-set, so two refreshes racing with one token cannot both win).
 */
import type { Kysely } from 'kysely';
import type { Database, SessionsTable } from '../storage/schema.ts';

export const REFRESH_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Kysely<Database>, id: string, userUuid: string, refreshHash: string): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({ id, user_uuid: userUuid, refresh_hash: refreshHash, date_created: now, date_expires: now + REFRESH_LIFETIME_MS, date_revoked: null })
    .execute();
}

/** The live (not revoked, not expired) session holding this refresh token hash. */
export async function findLiveSessionByRefresh(db: Kysely<Database>, refreshHash: string): Promise<SessionsTable | null> {
  const row = await db
    .selectFrom('sessions')
    .selectAll()
    .where('refresh_hash', '=', refreshHash)
    .where('date_revoked', 'is', null)
    .where('date_expires', '>', Date.now())
    .executeTakeFirst();
  return row ?? null;
}

export async function isSessionLive(db: Kysely<Database>, id: string, userUuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', id)
    .where('user_uuid', '=', userUuid)
    .where('date_revoked', 'is', null)
    .where('date_expires', '>', Date.now())
    .executeTakeFirst();
  return row !== undefined;
}

/** Swaps the refresh hash; false when the old one was already used (or revoked) meanwhile. */
export async function rotateRefresh(db: Kysely<Database>, id: string, oldHash: string, newHash: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ refresh_hash: newHash, date_expires: Date.now() + REFRESH_LIFETIME_MS })
    .where('id', '=', id)
    .where('refresh_hash', '=', oldHash)
    .where('date_revoked', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sessions').set({ date_revoked: Date.now() }).where('id', '=', id).where('date_revoked', 'is', null).execute();
}
