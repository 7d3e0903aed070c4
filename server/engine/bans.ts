/**
 * Bans as every read sees them (docs/permissions.md "Bans"): the effective ban, which is the
 * latest unexpired, unrevoked ban of the user and the one source of a user's ban level, who a ban
 * hides, when the next one runs out. Giving and lifting them is moderation's (moderation/bans.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import type { BansTable, Database } from '../storage/schema.ts';

export type BanRow = Selectable<BansTable>;
/** What a banned user's error body carries (spec §8): end_date in seconds, null when permanent. */
export interface BanDetails {
  reason: string;
  end_date: number | null;
  permanent: boolean;
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
