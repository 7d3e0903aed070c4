/** Storage plugin: opens the database, runs the migrations, decorates `app.db` and `app.sites`. */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { checkpointInBackground, migrateToLatest, openDatabase } from '../storage/engine.ts';
import type { Database } from '../storage/schema.ts';
import { SiteDirectory } from '../engine/sites.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Domain → site lookup (cached); call `app.sites.invalidate()` after changing a site. */
    sites: SiteDirectory;
  }
}

export default fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    const db = openDatabase(database);
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('sites', new SiteDirectory(db));
    // Not for the migrations and the seed: a thread started then would stay in memory (checkpointer.ts).
    app.addHook('onListen', async () => checkpointInBackground(db));
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'vf-storage' },
);
