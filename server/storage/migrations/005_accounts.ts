/**
 * Accounts (spec platform.md §3 User, §4 password reset, §5 email verification): one-time
 * tokens mailed for a password reset or an email check (only their sha256 is kept), and the
 * user's email verification status (existing users: 'none', nothing to verify).
 */
import type { Kysely, Migration } from 'kysely';

export const accounts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('email_verification_status', 'text', (c) => c.notNull().defaultTo('none'))
      .execute();
    await db.schema
      .createTable('account_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey()) // sha256 (hex) of the mailed token
      .addColumn('purpose', 'text', (c) => c.notNull()) // reset | verify
      .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addColumn('date_expires', 'bigint', (c) => c.notNull())
      .addColumn('date_used', 'bigint') // null until used (or superseded)
      .execute();
    await db.schema.createIndex('account_tokens_user').on('account_tokens').columns(['user_uuid', 'purpose']).execute();
  },
};
