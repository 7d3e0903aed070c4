/** Users: create (email unique per site), look up, update the profile, and shape for the API. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { BanLevel, User, UserPrivilege } from '../../core/api/types.ts';
import { mailFrequencyOf } from '../../core/mail/types.ts';
import type { Database, UsersTable } from '../storage/schema.ts';

/** A users row as read (the table's type, with generated columns filled in). */
export type UserRow = Selectable<UsersTable>;
export type UserChange = Updateable<UsersTable>;

/** The effective ban as the API and the rules need it (engine/bans.ts effectiveBan; null: none). */
export type EffectiveBan = { ban_level: string } | null;

export type ModerationStatus = 'none' | 'pending' | 'approved' | 'rejected';
export type EmailVerificationStatus = NonNullable<User['email_verification_status']>;

export interface NewUser {
  site_uuid: string;
  email: string;
  name: string;
  password_hash: string;
  user_privilege?: UserPrivilege;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Inserts the user; null when the email is already taken on that site (race-safe: unique constraint). */
export async function createUser(db: Kysely<Database>, user: NewUser): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values({
      uuid: randomUUID(),
      site_uuid: user.site_uuid,
      email: normaliseEmail(user.email),
      name: user.name,
      password_hash: user.password_hash,
      user_privilege: user.user_privilege ?? 'user',
      date_created: Date.now(),
    })
    .onConflict((oc) => oc.columns(['site_uuid', 'email']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export async function findUserByEmail(db: Kysely<Database>, siteUuid: string, email: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('site_uuid', '=', siteUuid)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return row ?? null;
}

export async function findUserByUuid(db: Kysely<Database>, uuid: string): Promise<UserRow | null> {
  const row = await db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  return row ?? null;
}

/** By uuid or by numeric id (spec §7 `users/{id}` takes either). */
export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | null> {
  if (!/^\d{1,15}$/.test(id)) return findUserByUuid(db, id);
  const row = await db.selectFrom('users').selectAll().where('id', '=', Number(id)).executeTakeFirst();
  return row ?? null;
}

/** Applies `change` and returns the updated row (null when the user is gone). */
export async function updateUser(db: Kysely<Database>, uuid: string, change: UserChange): Promise<UserRow | null> {
  if (Object.keys(change).length === 0) return findUserByUuid(db, uuid);
  const row = await db.updateTable('users').set(change).where('uuid', '=', uuid).returningAll().executeTakeFirst();
  return row ?? null;
}

/**
 * The API shape, with counters. `ban` is the user's effective ban (engine/bans.ts).
 * `privateView` (the user themself, or a moderator of their site) adds the email and the
 * pending name and pictures with their moderation states.
 */
export async function toApiUser(db: Kysely<Database>, row: UserRow, ban: EffectiveBan, privateView: boolean): Promise<User> {
  const [made, received, liked] = await Promise.all([
    db.selectFrom('contents').select((eb) => eb.fn.countAll<number>().as('n')).where('actor_uuid', '=', row.uuid).executeTakeFirstOrThrow(),
    db.selectFrom('contents').select((eb) => eb.fn.sum<number>('total_likes').as('n')).where('actor_uuid', '=', row.uuid).executeTakeFirstOrThrow(),
    db.selectFrom('reactions').select((eb) => eb.fn.countAll<number>().as('n')).where('user_uuid', '=', row.uuid).where('kind', '=', 'like').executeTakeFirstOrThrow(),
  ]);
  const user: User = {
    id: Number(row.id),
    uuid: row.uuid,
    name: row.name,
    user_privilege: row.user_privilege as UserPrivilege,
    anonymous: false,
    ban_level: (ban?.ban_level ?? 'none') as BanLevel,
    pic_small: row.pic_small ?? null,
    pic_large: row.pic_large ?? null,
    date_created: Number(row.date_created),
    comments_made: Number(made.n ?? 0),
    likes_made: Number(liked.n ?? 0),
    likes_received: Number(received.n ?? 0),
  };
  if (Number(row.is_muted ?? 0) === 1) user.is_muted = true;
  if (row.social_login_provider) {
    user.social_login_provider = row.social_login_provider;
    user.social_login_id = row.social_login_id ?? null;
  }
  if (privateView) {
    // An external account without a usable email holds a placeholder (identity/externalUsers.ts).
    if (row.email.includes('@')) user.email = row.email;
    user.pic_small_pending = row.pic_small_pending ?? null;
    user.pic_large_pending = row.pic_large_pending ?? null;
    user.avatar_moderation_status = (row.avatar_moderation_status ?? 'none') as ModerationStatus;
    user.username_pending = row.username_pending ?? null;
    user.username_moderation_status = (row.username_moderation_status ?? 'none') as ModerationStatus;
    user.email_verification_status = (row.email_verification_status ?? 'none') as EmailVerificationStatus;
    user.email_notice_frequency = mailFrequencyOf(row.email_notice_frequency);
  }
  return user;
}
