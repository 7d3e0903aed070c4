/**
 * Giving and lifting bans (docs/permissions.md "Bans", moderation/banRoutes.ts) and a user's ban
 * history (the moderation drawer). What a ban means for reads is the engine's (engine/bans.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BanLevel } from '../../core/api/types.ts';
import type { BanRow } from '../engine/bans.ts';
import type { Database } from '../storage/schema.ts';

export type GivenBanLevel = Exclude<BanLevel, 'none'>;
export const BAN_LEVELS: readonly GivenBanLevel[] = ['posting', 'ghost', 'hide', 'login'];

export interface NewBan {
  site_uuid: string;
  user_uuid: string;
  ban_level: GivenBanLevel;
  reason: string;
  created_by: string;
  /** Milliseconds; null for a permanent ban. */
  date_expired: number | null;
}

export async function createBan(db: Kysely<Database>, ban: NewBan, now: number = Date.now()): Promise<BanRow> {
  return db
    .insertInto('bans')
    .values({
      uuid: randomUUID(),
      site_uuid: ban.site_uuid,
      user_uuid: ban.user_uuid,
      ban_level: ban.ban_level,
      user_message: ban.reason,
      is_permanent: ban.date_expired === null ? 1 : 0,
      created_by: ban.created_by,
      date_created: now,
      date_expired: ban.date_expired,
      date_revoked: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes every live ban of the user; the number revoked. */
export async function revokeBans(db: Kysely<Database>, userUuid: string, now: number = Date.now()): Promise<number> {
  const result = await db
    .updateTable('bans')
    .set({ date_revoked: now })
    .where('user_uuid', '=', userUuid)
    .where('date_revoked', 'is', null)
    .where((eb) => eb.or([eb('date_expired', 'is', null), eb('date_expired', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every ban of the user, newest first, lifted and expired ones too, with who made it (the moderation drawer). */
export async function banHistory(db: Kysely<Database>, userUuid: string) {
  return db
    .selectFrom('bans')
    .leftJoin('users', 'users.uuid', 'bans.created_by')
    .selectAll('bans')
    .select('users.name as created_by_name')
    .where('bans.user_uuid', '=', userUuid)
    .orderBy('bans.date_created', 'desc')
    .execute();
}
