/**
 * Page metadata reads (server/pages/metaReader.ts, docs/api.md "Pages") on `app.pageMeta`: `POST
 * /pages` asks it to read a page in the background; closing the app stops the reads in flight.
 */
import fp from 'fastify-plugin';
import { PageMetaReader } from './metaReader.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pageMeta: PageMetaReader;
  }
}

export default fp(
  async (app) => {
    const reader = new PageMetaReader(app.db, app.log);
    app.decorate('pageMeta', reader);
    app.addHook('onClose', () => reader.close());
  },
  { name: 'vf-page-meta', dependencies: ['vf-storage'] },
);
