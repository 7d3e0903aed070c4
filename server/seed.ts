/**
 * The demo data every fresh server gets: one site owning 127.0.0.1 and localhost, and a
 * moderator and an admin account. Idempotent: running it again changes nothing but the site's
 * name, domains and settings (reset to these).
 */
import type { FastifyInstance } from 'fastify';
import type { UserPrivilege } from '../core/api/types.ts';
import { hashPassword } from './auth/passwords.ts';
import { DEFAULT_SETTINGS, upsertSite } from './storage/sites.ts';
import { createUser, findUserByEmail } from './storage/users.ts';
import { syncLoginSettings } from './storage/siteLogins.ts';

export const DEMO_SITE = {
  uuid: '5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c',
  name: 'vf demo',
  domains: ['127.0.0.1', 'localhost'],
} as const;

export const DEMO_ACCOUNTS: readonly { email: string; password: string; name: string; user_privilege: UserPrivilege }[] = [
  { email: 'moderator@vf.local', password: 'moderator-demo-1', name: 'Demo Moderator', user_privilege: 'mod' },
  { email: 'admin@vf.local', password: 'admin-demo-1', name: 'Demo Admin', user_privilege: 'admin' },
];

export async function seed(app: FastifyInstance): Promise<void> {
  await upsertSite(app.db, { uuid: DEMO_SITE.uuid, name: DEMO_SITE.name, domains: [...DEMO_SITE.domains], settings: { ...DEFAULT_SETTINGS } });
  // The settings were reset: the login switches are derived again from the stored login
  // configuration, so a restart does not hide a login method an admin set up.
  await syncLoginSettings(app.db, DEMO_SITE.uuid);
  app.sites.invalidate();
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(app.db, DEMO_SITE.uuid, account.email)) continue;
    // createUser ignores a concurrent duplicate (unique email per site).
    await createUser(app.db, {
      site_uuid: DEMO_SITE.uuid,
      email: account.email,
      name: account.name,
      password_hash: await hashPassword(account.password),
      user_privilege: account.user_privilege,
    });
  }
}
