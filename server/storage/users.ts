/** Users: create (email unique per site), look up, and shape for the API. */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BanLevel, User, UserPrivilege } from '../../core/api/types.ts';
import type { Database, UsersTable } from './schema.ts';

/** A users row as read (the table's type, with generated columns filled in). */
export type UserRow = Selectable<UsersTable>;

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
      ban_level: 'none',
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

/** The API shape, with counters. `self` adds the email (only users see their own). */
export async function toApiUser(db: Kysely<Database>, row: UserRow, self: boolean): Promise<User> {
  const [made, received, liked] = await Promise.all([
    db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('actor_uuid', '=', row.uuid).executeTakeFirstOrThrow(),
    db.selectFrom('comments').select((eb) => eb.fn.sum<number>('total_likes').as('n')).where('actor_uuid', '=', row.uuid).executeTakeFirstOrThrow(),
    db.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_uuid', '=', row.uuid).executeTakeFirstOrThrow(),
  ]);
  const user: User = {
    id: Number(row.id),
    uuid: row.uuid,
    name: row.name,
    user_privilege: row.user_privilege as UserPrivilege,
    anonymous: false,
    ban_level: row.ban_level as BanLevel,
    pic_small: null,
    pic_large: null,
    date_created: Number(row.date_created),
    comments_made: Number(made.n ?? 0),
    likes_made: Number(liked.n ?? 0),
    likes_received: Number(received.n ?? 0),
  };
  if (Number(row.is_muted ?? 0) === 1) user.is_muted = true;
  if (self) user.email = row.email;
  return user;
}
