/**
 * One content engine (DESIGN.md "One content engine"; docs/server.md "Storage: one set of content
 * tables"): every kind of content lives in the same tables.
 * - `containers` gains `kind` (conversation | liveblog | chat); a site may have one container of
 *   each kind for the same container_id, so the unique key becomes (site_uuid, container_id, kind).
 * - `comments` becomes `contents` with a `type` (comment | reply, later liveblog_post,
 *   reply_to_liveblog_post, chat_message); its indexes and constraints are renamed to match.
 * - `likes` and `dislikes` become one `reactions` table with a `kind` (like | dislike).
 * Nothing is lost: every row and column is copied or kept in place.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import { isPostgres } from '../engine.ts';

/** Columns of `containers` before this migration, in their order (001, 003, 008). */
const CONTAINER_COLUMNS = [
  'uuid', 'site_uuid', 'container_id', 'is_hidden', 'is_closed', 'total_visible_content', 'date_created', 'event_seq', 'is_premoderated',
];

/**
 * A unique index rather than a table constraint, on both engines, so a later change of the key
 * is a DROP INDEX and never again a table rebuild on SQLite.
 */
async function addContainerKey(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('containers_site_container_id_kind').on('containers').columns(['site_uuid', 'container_id', 'kind']).unique().execute();
}

/**
 * SQLite cannot drop 001's inline UNIQUE (site_uuid, container_id): the table is rebuilt as
 * SQLite's ALTER TABLE documentation prescribes (new table, copy, drop, rename), foreign keys off.
 * Other tables' references to `containers` name the table, so they point at the new one.
 */
async function rebuildSqliteContainers(db: Kysely<any>): Promise<void> {
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'containers' and sql is not null`.execute(db);
  await db.schema
    .createTable('containers_new')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
    .addColumn('container_id', 'text', (c) => c.notNull())
    .addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_closed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_visible_content', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_created', 'bigint', (c) => c.notNull())
    .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_premoderated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('conversation'))
    .execute();
  const columns = sql.join(CONTAINER_COLUMNS.map((c) => sql.ref(c)));
  await sql`insert into containers_new (${columns}) select ${columns} from containers`.execute(db);
  await db.schema.dropTable('containers').execute();
  await db.schema.alterTable('containers_new').renameTo('containers').execute();
  // Indexes made after 001 (none today) come back as they were.
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  await addContainerKey(db);
}

/** Renames `comments_*` indexes of `contents` (SQLite has no ALTER INDEX … RENAME: drop and re-create). */
async function renameCommentIndexes(db: Kysely<any>): Promise<void> {
  const newName = (name: string) => name.replace(/^comments/, 'contents');
  if (isPostgres(db)) {
    // Constraints first (renaming the primary key renames its index), then the plain indexes.
    const constraints = await sql<{ conname: string }>`select conname from pg_constraint where conrelid = 'contents'::regclass and conname like 'comments%'`.execute(db);
    for (const { conname } of constraints.rows) {
      await sql`alter table contents rename constraint ${sql.ref(conname)} to ${sql.ref(newName(conname))}`.execute(db);
    }
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'contents' and indexname like 'comments%'`.execute(db);
    for (const { indexname } of indexes.rows) {
      await sql`alter index ${sql.ref(indexname)} rename to ${sql.ref(newName(indexname))}`.execute(db);
    }
    return;
  }
  const indexes = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'contents' and name like 'comments%' and sql is not null`.execute(db);
  for (const index of indexes.rows) {
    await db.schema.dropIndex(index.name).execute();
    await sql.raw(index.sql.replace(`"${index.name}"`, `"${newName(index.name)}"`)).execute(db);
  }
}

async function migrate(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('containers').addColumn('kind', 'text', (c) => c.notNull().defaultTo('conversation')).execute();
    await db.schema.alterTable('containers').dropConstraint('containers_site_container_id').execute();
    await addContainerKey(db);
  } else {
    await rebuildSqliteContainers(db);
  }

  // Both engines rewrite the foreign keys that name `comments` (flags, likes, dislikes, parent_uuid).
  await db.schema.alterTable('comments').renameTo('contents').execute();
  await renameCommentIndexes(db);
  await db.schema.alterTable('contents').addColumn('type', 'text', (c) => c.notNull().defaultTo('comment')).execute();
  await db.updateTable('contents').set({ type: 'reply' }).where('parent_uuid', 'is not', null).execute();

  await db.schema
    .createTable('reactions')
    .addColumn('content_uuid', 'text', (c) => c.notNull().references('contents.uuid'))
    .addColumn('user_uuid', 'text', (c) => c.notNull().references('users.uuid'))
    .addColumn('kind', 'text', (c) => c.notNull()) // like | dislike
    .addColumn('date_created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['content_uuid', 'user_uuid', 'kind'])
    .execute();
  await db.schema.createIndex('reactions_user').on('reactions').columns(['user_uuid', 'kind']).execute();
  for (const [table, kind] of [['likes', 'like'], ['dislikes', 'dislike']] as const) {
    await sql`insert into reactions (content_uuid, user_uuid, kind, date_created) select content_uuid, user_uuid, ${kind}, date_created from ${sql.table(table)}`.execute(db);
    await db.schema.dropTable(table).execute();
  }
}

export const contentEngine: Migration = {
  async up(db: Kysely<any>) {
    // PostgreSQL: the Migrator already runs each migration in a transaction.
    if (isPostgres(db)) return migrate(db);
    // SQLite: the Migrator does not, and foreign keys can only be switched off outside one.
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    const foreignKeys = Number(rows[0]?.foreign_keys ?? 0);
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        await migrate(trx);
        const broken = await sql`pragma foreign_key_check`.execute(trx);
        if (broken.rows.length > 0) throw new Error(`foreign keys broken by the migration: ${JSON.stringify(broken.rows.slice(0, 5))}`);
      });
    } finally {
      await sql.raw(`pragma foreign_keys = ${foreignKeys ? 'on' : 'off'}`).execute(db);
    }
  },
};
