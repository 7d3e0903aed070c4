/**
 * Users from publisher and social logins (docs/login.md "Accounts"): found by provider + subject
 * (unique per site); the first login creates the account from the profile, later ones refresh
 * its name and picture unless the site keeps its own (disable_cookie_displayname / _avatars).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../core/settings/site.ts';
import type { ExternalProfile } from '../auth/jwtLogin.ts';
import type { Database } from '../storage/schema.ts';
import { findUserByEmail, type UserRow } from '../engine/users.ts';

/** Can never verify: these accounts sign in through their provider only. */
const NO_PASSWORD = '!external';
/** Shown when the provider gives no name. */
const FALLBACK_NAME = 'Reader';

async function findBySocial(db: Kysely<Database>, siteUuid: string, provider: string, id: string): Promise<UserRow | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('site_uuid', '=', siteUuid)
    .where('social_login_provider', '=', provider)
    .where('social_login_id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export interface LinkedUser {
  user: UserRow;
  isNew: boolean;
  /** The existing account's name or picture changed (what readers see on its comments). */
  updated?: boolean;
}

export async function linkExternalUser(
  db: Kysely<Database>,
  site: { uuid: string; settings: Pick<SiteSettings, 'disable_cookie_displayname' | 'disable_cookie_avatars'> },
  provider: string,
  profile: ExternalProfile,
): Promise<LinkedUser> {
  const takeName = !site.settings.disable_cookie_displayname && profile.name !== null;
  const takePicture = !site.settings.disable_cookie_avatars && profile.picture !== null;
  const existing = await findBySocial(db, site.uuid, provider, profile.id);
  if (existing) {
    const change = {
      ...(takeName && profile.name !== existing.name ? { name: profile.name! } : {}),
      ...(takePicture && profile.picture !== existing.pic_small ? { pic_small: profile.picture, pic_large: profile.picture } : {}),
    };
    if (Object.keys(change).length === 0) return { user: existing, isNew: false };
    const user = await db.updateTable('users').set(change).where('uuid', '=', existing.uuid).returningAll().executeTakeFirstOrThrow();
    return { user, isNew: false, updated: true };
  }
  // The email is kept when no account of the site has it; otherwise (or without one) a
  // placeholder that is not an address holds the column's per-site uniqueness.
  const emailFree = profile.email !== null && !(await findUserByEmail(db, site.uuid, profile.email));
  const inserted = await db
    .insertInto('users')
    .values({
      uuid: randomUUID(),
      site_uuid: site.uuid,
      email: emailFree ? profile.email! : `${provider}:${randomUUID()}`,
      name: takeName ? profile.name! : FALLBACK_NAME,
      password_hash: NO_PASSWORD,
      user_privilege: 'user',
      date_created: Date.now(),
      pic_small: takePicture ? profile.picture : null,
      pic_large: takePicture ? profile.picture : null,
      social_login_provider: provider,
      social_login_id: profile.id,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { user: inserted, isNew: true };
  // A concurrent first login (or the email taken meanwhile) won: use the account it made.
  const raced = await findBySocial(db, site.uuid, provider, profile.id);
  if (raced) return { user: raced, isNew: false };
  throw new Error('external account could not be created');
}
