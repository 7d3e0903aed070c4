/**
 * Live chat (docs/api.md "chat"): a chat's slow mode (seconds between one reader's messages; 0 is
 * off), and the index its stream reads by. A chat lists every message of the container, replies
 * included, newest first from the end (the top-level indexes are partial: roots only).
 */
import type { Kysely, Migration } from 'kysely';

export const chat: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('containers').addColumn('slow_mode_seconds', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('contents_container_recent').on('contents').columns(['container_uuid', 'date_created', 'uuid']).execute();
  },
};
