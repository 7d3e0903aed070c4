/**
 * Social popup logins in progress (server/auth/socialFlows.ts): the pending authorization and the
 * one-time token handed to the page, keyed by a sha256 of the random key. In the database rather
 * than one process's memory, so the provider's callback and the page's exchange may reach any
 * server process (docs/scaling.md: no sticky sessions).
 */
import type { Kysely, Migration } from 'kysely';

export const loginFlows: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_flows')
      .addColumn('key_hash', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull()) // pending | issued
      .addColumn('payload', 'text', (c) => c.notNull()) // JSON
      .addColumn('date_expires', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('login_flows_expiry').on('login_flows').columns(['date_expires']).execute();
  },
};
