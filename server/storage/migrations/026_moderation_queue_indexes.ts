/**
 * The moderation queue's reads (docs/moderation.md "Indexes"): a report's reason
 * (`flags.reason`, optional), and the indexes that keep each queue's first page and each filter
 * (page, author, kind) a short index range on a site with 100,000 waiting items. The queue reads
 * one (state, type) pair at a time and merges them (server/moderation/queueQuery.ts), so each
 * index ends in the keyset columns (date_created, uuid) after the equality columns.
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const moderationQueueIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('flags').addColumn('reason', 'text').execute();
    const keyset = ['type', 'date_created', 'uuid'];
    await db.schema.createIndex('contents_queue').on('contents').columns(['site_uuid', 'state', ...keyset]).execute();
    await db.schema.createIndex('contents_queue_container').on('contents').columns(['container_uuid', 'state', ...keyset]).execute();
    await db.schema.createIndex('contents_queue_actor').on('contents').columns(['actor_uuid', 'state', ...keyset]).execute();
    // Reported, unmoderated and approved items are each a part of the visible ones: partial
    // indexes hold only them, so their pages and counts read no other row.
    const partial = ['site_uuid', 'state', ...keyset];
    await db.schema.createIndex('contents_queue_reported').on('contents').columns(partial).where(sql.ref('total_flags'), '>', 0).execute();
    await db.schema.createIndex('contents_queue_unmoderated').on('contents').columns(partial).where(sql.ref('moderated_at'), 'is', null).execute();
    await db.schema.createIndex('contents_queue_approved').on('contents').columns(partial).where(sql.ref('moderated_at'), 'is not', null).execute();
  },
};
