/**
 * Reviews (docs/api.md "reviews"): a review is a root item of a `reviews` container on the content
 * engine (its text in `contents`); this table holds what only a review has, its 1–5 stars and its
 * title, keyed by the content row. One review per reader and container (a rating without words is
 * a review with an empty title and text).
 */
import { type Kysely, type Migration, sql } from 'kysely';

const sqlRange = sql`rating between 1 and 5`;

export const reviews: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('reviews')
      .addColumn('content_uuid', 'text', (c) => c.primaryKey())
      .addColumn('container_uuid', 'text', (c) => c.notNull())
      .addColumn('actor_uuid', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull().check(sqlRange))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('date_rated', 'bigint', (c) => c.notNull())
      .execute();
    // One review per reader per page; a second one is refused (409).
    await db.schema.createIndex('reviews_one_per_reader').unique().on('reviews').columns(['container_uuid', 'actor_uuid']).execute();
    // The average and distribution of a container, and the highest/lowest orders.
    await db.schema.createIndex('reviews_container_rating').on('reviews').columns(['container_uuid', 'rating']).execute();
    // A reader's ratings across the site, newest first (<vf-user-ratings>).
    await db.schema.createIndex('reviews_actor').on('reviews').columns(['actor_uuid', 'date_rated']).execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('reviews').execute();
  },
};
