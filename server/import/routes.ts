/**
 * A site's comments in and out, for its admins (docs/import.md):
 * - `GET /api/v2/sites/{uuid}/export`: the site's comments as one JSON document, streamed as it is
 *   read (server/import/export.ts); an author's email only when asked for (`include_email=true`);
 * - `POST /api/v2/sites/{uuid}/import?format=disqus|wxr`: the file as the request body, imported
 *   as it arrives (server/import/importer.ts); the answer is NDJSON, a progress line per batch and
 *   a last line with the result or the error (the status is sent before the file is read).
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { HttpError } from '../errors.ts';
import { EXPORT_SCHEMA, exportSite } from './export.ts';
import { importComments, type ImportStats } from './importer.ts';
import { type ContainerKey, SOURCE_FORMATS, type SourceFormat } from './sources.ts';
import { ImportFormatError } from './xml.ts';
import { params, strictObject } from '../routes/schemas.ts';
import { siteForAdmin } from '../sites/index.ts';

const STATS = Object.fromEntries(['threads', 'comments', 'already', 'orphans', 'skipped', 'shortened', 'emptied', 'accounts', 'guests'].map((key) => [key, { type: 'integer' }]));
/** The import's answer, one JSON object a line (application/x-ndjson). */
const IMPORT_LINE = {
  type: 'object',
  additionalProperties: false,
  description: 'One line of the NDJSON answer: progress ({ bytes_read, comments }), then { result } or { error }.',
  properties: {
    bytes_read: { type: 'integer' },
    comments: { type: 'integer' },
    result: { type: 'object', additionalProperties: false, properties: STATS },
    error: { type: 'object', additionalProperties: false, properties: { message: { type: 'string' } } },
  },
} as const;

export default async function importExportRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { uuid: string }; Querystring: { include_email?: boolean } }>(
    '/sites/:uuid/export',
    {
      schema: {
        params: params(['uuid']),
        querystring: strictObject({ include_email: { type: 'boolean', default: false } }),
        response: { 200: EXPORT_SCHEMA },
      },
    },
    async (request, reply) => {
      const site = await siteForAdmin(app.db, request, request.params.uuid, 'export its comments');
      const name = `vf-comments-${site.uuid}-${new Date().toISOString().slice(0, 10)}.json`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('application/json; charset=utf-8')
        .send(Readable.from(exportSite(app.db, site, { includeEmail: request.query.include_email === true })));
    },
  );

  // The file is not parsed into memory: the handler gets the request stream (this plugin only).
  app.addContentTypeParser(['application/xml', 'text/xml', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
  app.post<{ Params: { uuid: string }; Querystring: { format: SourceFormat; container_id: ContainerKey } }>(
    '/sites/:uuid/import',
    {
      schema: {
        params: params(['uuid']),
        querystring: strictObject({ format: { type: 'string', enum: SOURCE_FORMATS }, container_id: { type: 'string', enum: ['url', 'identifier'], default: 'url' } }, ['format']),
        response: { 200: IMPORT_LINE },
      },
    },
    async (request, reply) => {
      const site = await siteForAdmin(app.db, request, request.params.uuid, 'import comments');
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== 'function') throw new HttpError(415, 'Send the file as the body, with content-type application/xml');
      async function* lines(): AsyncGenerator<string> {
        const progress: string[] = [];
        let bytes = 0;
        const running = importComments(app.db, site.uuid, request.query.format, { input: body!, containerKey: request.query.container_id, onBytes: (n) => (bytes = n) }, {
          onBatch: (stats) => progress.push(`${JSON.stringify({ bytes_read: bytes, comments: stats.comments })}\n`),
        }).then(
          (stats: ImportStats) => ({ result: stats }),
          (error: Error) => {
            if (!(error instanceof ImportFormatError)) request.log.error(error);
            return { error: { message: error instanceof ImportFormatError ? error.message : 'The import failed; send the file again to go on where it stopped' } };
          },
        );
        let outcome: object | null = null;
        void running.then((done) => (outcome = done));
        while (outcome === null) {
          await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 250))]);
          yield* progress.splice(0);
        }
        app.hub.siteChanged(site.uuid); // guests' cached lists show the import at once
        yield `${JSON.stringify(outcome)}\n`;
      }
      return reply.header('cache-control', 'no-store').type('application/x-ndjson; charset=utf-8').send(Readable.from(lines()));
    },
  );
}
