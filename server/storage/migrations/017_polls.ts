/**
 * Polls (docs/polls.md): a poll per site and publisher id, its options with their running
 * vote counts (kept in the vote's transaction, so reading results never counts rows), and one
 * vote row per poll and voter (a user's uuid, or a guest's hashed per-browser token).
 */
import type { Kysely, Migration } from 'kysely';

export const polls: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('polls')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('site_uuid', 'text', (c) => c.notNull())
      .addColumn('poll_id', 'text', (c) => c.notNull()) // the publisher's id (the element's poll-id)
      .addColumn('question', 'text', (c) => c.notNull())
      .addColumn('multiple', 'integer', (c) => c.notNull().defaultTo(0)) // 0/1
      .addColumn('results_visibility', 'text', (c) => c.notNull()) // always | after_vote | after_close
      .addColumn('closes_at', 'bigint') // ms; null: open until closed by hand
      .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0)) // closed by hand
      .addColumn('total_votes', 'integer', (c) => c.notNull().defaultTo(0)) // voters, not choices
      .addColumn('creator_uuid', 'text', (c) => c.notNull())
      // A poll inside a live-blog post: the post and its live blog (null: a poll of its own).
      .addColumn('container_uuid', 'text')
      .addColumn('content_uuid', 'text')
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('polls_site_poll_id', ['site_uuid', 'poll_id'])
      .execute();
    await db.schema.createIndex('polls_container').on('polls').columns(['container_uuid']).execute();
    await db.schema
      .createTable('poll_options')
      .addColumn('uuid', 'text', (c) => c.primaryKey())
      .addColumn('poll_uuid', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('poll_options_poll').on('poll_options').columns(['poll_uuid', 'position']).execute();
    await db.schema
      .createTable('poll_votes')
      .addColumn('poll_uuid', 'text', (c) => c.notNull())
      .addColumn('voter_key', 'text', (c) => c.notNull()) // user:<uuid> or guest:<sha256 of the token>
      .addColumn('option_uuids', 'text', (c) => c.notNull()) // JSON list
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('poll_votes_once', ['poll_uuid', 'voter_key'])
      .execute();
  },
};
