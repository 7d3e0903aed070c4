/**
 * Reviews (docs/api.md "reviews"): a review is a root item of a `reviews` container on the content
 * engine (its text in `contents`); `reviews` holds what only a review has, its 1–5 stars and its
 * title, keyed by the content row. One review per reader and container (a rating without words is
 * a review with an empty title and text). `review_counts` keeps each container's visible reviews
 * per star, moved in the same transaction as the review's visibility (kinds/reviews/queries.ts).
 */
import { type Kysely, type Migration, sql } from 'kysely';

export const reviews: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('reviews')
      .addColumn('content_uuid', 'text', (c) => c.primaryKey())
      .addColumn('container_uuid', 'text', (c) => c.notNull())
      .addColumn('actor_uuid', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('date_created', 'bigint', (c) => c.notNull()) // the content row's, for the star orders' indexes
      .addColumn('date_rated', 'bigint', (c) => c.notNull())
      .execute();
    // One review per reader per page; a second one is refused (409).
    await db.schema.createIndex('reviews_one_per_reader').unique().on('reviews').columns(['container_uuid', 'actor_uuid']).execute();
    // Highest first (read backwards) and lowest first, newest first within a star: index range scans.
    await db.schema.createIndex('reviews_highest').on('reviews').columns(['container_uuid', 'rating', 'date_created', 'content_uuid']).execute();
    await db.schema.createIndex('reviews_lowest').on('reviews').columns(['container_uuid', 'rating', 'date_created desc', 'content_uuid desc']).execute();
    // A reader's ratings across the site, newest first (<vf-user-ratings>).
    await db.schema.createIndex('reviews_actor').on('reviews').columns(['actor_uuid', 'date_rated']).execute();
    await db.schema
      .createTable('review_counts')
      .addColumn('container_uuid', 'text', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_counts_pk', ['container_uuid', 'rating'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('review_counts').execute();
    await db.schema.dropTable('reviews').execute();
  },
};
