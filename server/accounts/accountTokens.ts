/**
 * One-time account tokens (migration 005): a password reset or an email check. The mailed token
 * is 32 random bytes; only its sha256 is stored, so a leaked database cannot be used to reset a
 * password. A token is used at most once (compare-and-set on `date_used`).
 */
import type { Kysely } from 'kysely';
import { hashRefreshToken as sha256, newRefreshToken as newRandomToken } from '../auth/index.ts';
import type { Database } from '../storage/schema.ts';

export type TokenPurpose = 'reset' | 'verify';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset: 60 * 60 * 1000, // one hour
  verify: 7 * 24 * 60 * 60 * 1000, // a week: the reader may read the mail days later
};

/** Why a token was refused (each has its own message in accounts/accountRoutes.ts). */
export type TokenRefusal = 'unknown' | 'expired' | 'used';

/** Stores a new token for `userUuid` and returns it (the only time it exists in clear). */
export async function issueAccountToken(db: Kysely<Database>, userUuid: string, purpose: TokenPurpose, now = Date.now()): Promise<string> {
  const token = newRandomToken();
  await db
    .insertInto('account_tokens')
    .values({ token_hash: sha256(token), purpose, user_uuid: userUuid, date_created: now, date_expires: now + TOKEN_LIFETIME_MS[purpose], date_used: null })
    .execute();
  return token;
}

/**
 * Marks the token used and returns its user; or why it cannot be used. Two requests racing with
 * one token cannot both win: only the update that finds `date_used` null counts. Runs in `db`,
 * which may be a transaction.
 */
export async function useAccountToken(
  db: Kysely<Database>,
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
): Promise<{ userUuid: string } | { refused: TokenRefusal }> {
  const hash = sha256(token);
  const used = await db
    .updateTable('account_tokens')
    .set({ date_used: now })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('date_used', 'is', null)
    .where('date_expires', '>', now)
    .returning('user_uuid')
    .executeTakeFirst();
  if (used) return { userUuid: used.user_uuid };
  const row = await db.selectFrom('account_tokens').select(['date_used']).where('token_hash', '=', hash).where('purpose', '=', purpose).executeTakeFirst();
  if (!row) return { refused: 'unknown' };
  return { refused: row.date_used !== null ? 'used' : 'expired' };
}

/** Retires every unused token of this purpose (after a reset: older reset mails stop working). */
export async function retireAccountTokens(db: Kysely<Database>, userUuid: string, purpose: TokenPurpose, now = Date.now()): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ date_used: now })
    .where('user_uuid', '=', userUuid)
    .where('purpose', '=', purpose)
    .where('date_used', 'is', null)
    .execute();
}

/** Ends every live session of the user (a new password signs out every other device). */
export async function revokeUserSessions(db: Kysely<Database>, userUuid: string, now = Date.now()): Promise<void> {
  await db.updateTable('sessions').set({ date_revoked: now }).where('user_uuid', '=', userUuid).where('date_revoked', 'is', null).execute();
}
