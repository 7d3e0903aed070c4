/**
 * Imports (docs/import.md): `import_map` remembers what each imported record became, by source
 * (`disqus`, `wxr`; `email` for authors) and the record's id there: a thread's container, a
 * comment's content row, an author's account. It is how a reply finds its parent in the database
 * (never in memory) and why running the same import again adds nothing. `import_pending` holds a
 * comment whose parent has not been imported yet (a reply listed before its parent), with the
 * comment as JSON, until the parent arrives. Plain statements both engines take.
 */
import type { Kysely, Migration } from 'kysely';

export const imports: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('import_map')
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('source', 'text', (c) => c.notNull()) // disqus | wxr | email
      .addColumn('kind', 'text', (c) => c.notNull()) // thread | comment | author
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('vf_uuid', 'text', (c) => c.notNull()) // the container, content row or user
      .addColumn('date_created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_map_pk', ['site_uuid', 'source', 'kind', 'source_id'])
      .execute();
    await db.schema
      .createTable('import_pending')
      .addColumn('site_uuid', 'text', (c) => c.notNull().references('sites.uuid'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('waits_for', 'text', (c) => c.notNull()) // the parent's source id
      .addColumn('payload', 'text', (c) => c.notNull()) // the comment as read (JSON)
      .addPrimaryKeyConstraint('import_pending_pk', ['site_uuid', 'source', 'source_id'])
      .execute();
    await db.schema.createIndex('import_pending_parent').on('import_pending').columns(['site_uuid', 'source', 'waits_for']).execute();
  },
};
