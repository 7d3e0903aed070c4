/**
 * Bans (docs/permissions.md "Bans"): give, revoke, and read the effective ban, which is the
 * latest unexpired, unrevoked ban of the user. It is the one source of a user's ban level.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BanLevel } from '../../core/api/types.ts';
import type { BansTable, Database } from '../storage/schema.ts';

export type BanRow = Selectable<BansTable>;
export type GivenBanLevel = Exclude<BanLevel, 'none'>;
export const BAN_LEVELS: readonly GivenBanLevel[] = ['posting', 'ghost', 'hide', 'login'];

/** What a banned user's error body carries (spec §8): end_date in seconds, null when permanent. */
export interface BanDetails {
  reason: string;
  end_date: number | null;
  permanent: boolean;
}

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

/** The user's effective ban: the latest unexpired, unrevoked one (null: not banned). */
export async function effectiveBan(db: Kysely<Database>, userUuid: string, now: number = Date.now()): Promise<BanRow | null> {
  const row = await db
    .selectFrom('bans')
    .selectAll()
    .where('user_uuid', '=', userUuid)
    .where('date_revoked', 'is', null)
    .where((eb) => eb.or([eb('date_expired', 'is', null), eb('date_expired', '>', now)]))
    .orderBy('date_created', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export function banDetails(ban: BanRow): BanDetails {
  const permanent = Number(ban.is_permanent) === 1;
  const expired = ban.date_expired === null ? null : Number(ban.date_expired);
  return { reason: ban.user_message, end_date: permanent || expired === null ? null : Math.floor(expired / 1000), permanent };
}

/**
 * When the next ban of the site runs out (null: none will): from then on, a ghost- or hide-banned
 * author's comments show again with no write, so what guests were shown is stale (engine/guest-cache.ts).
 */
export async function nextBanExpiry(db: Kysely<Database>, siteUuid: string, now: number = Date.now()): Promise<number | null> {
  const row = await db
    .selectFrom('bans')
    .select((eb) => eb.fn.min('date_expired').as('next'))
    .where('site_uuid', '=', siteUuid)
    .where('date_revoked', 'is', null)
    .where('date_expired', '>', now)
    .executeTakeFirst();
  return row?.next == null ? null : Number(row.next);
}

/** Of these users, the ones whose effective ban hides what they do from others (ghost or hide). */
export async function hiddenByBan(db: Kysely<Database>, userUuids: string[], now: number = Date.now()): Promise<Set<string>> {
  if (userUuids.length === 0) return new Set();
  const rows = await db
    .selectFrom('bans')
    .select(['user_uuid', 'ban_level', 'date_created'])
    .where('user_uuid', 'in', userUuids)
    .where('date_revoked', 'is', null)
    .where((eb) => eb.or([eb('date_expired', 'is', null), eb('date_expired', '>', now)]))
    .orderBy('date_created', 'desc')
    .execute();
  const latest = new Map<string, string>();
  for (const row of rows) if (!latest.has(row.user_uuid)) latest.set(row.user_uuid, row.ban_level);
  return new Set([...latest].filter(([, level]) => level === 'ghost' || level === 'hide').map(([uuid]) => uuid));
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
