/**
 * Publisher single sign-on (platform.md §4 "Other login paths", "Social login flow"): each site's
 * login methods with their secrets (server-side only), and the external identity of the users
 * those methods create (`social_login_provider` + `social_login_id`, unique per site).
 */
import type { Kysely, Migration } from 'kysely';

export const siteLogins: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('site_logins')
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('method', 'text', (c) => c.notNull()) // cookie | jwt | oidc | a social login type
      .addColumn('config', 'text', (c) => c.notNull()) // JSON; holds secrets: never sent to a client
      .addColumn('date_updated', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('site_logins_pk', ['site_uuid', 'method'])
      .execute();
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    await db.schema.alterTable('users').addColumn('social_login_provider', 'text').execute();
    await db.schema.alterTable('users').addColumn('social_login_id', 'text').execute();
    // NULLs never collide, so password accounts are unaffected.
    await db.schema
      .createIndex('users_site_social')
      .on('users')
      .columns(['site_uuid', 'social_login_provider', 'social_login_id'])
      .unique()
      .execute();
  },
};
