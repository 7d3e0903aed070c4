/**
 * `GET /api/v2/sites/{uuid}/export` (docs/import.md "Export"): a site's comments as one JSON
 * document, streamed as it is read (server/import/export.ts), for the site's admins only. An
 * author's email is in it only when asked for (`include_email=true`).
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { HttpError, unauthorized } from '../errors.ts';
import { EXPORT_SCHEMA, exportSite } from '../import/export.ts';
import { siteOr404 } from '../storage/sites.ts';
import { params, strictObject } from './schemas.ts';

export default async function exportRoutes(app: FastifyInstance): Promise<void> {
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
      const site = await siteOr404(app.db, request.params.uuid);
      const user = request.user;
      if (!user) throw unauthorized();
      if (user.row.site_uuid !== site.uuid || user.row.user_privilege !== 'admin') throw new HttpError(403, "Only the site's admins can export its comments");
      const name = `vf-comments-${site.uuid}-${new Date().toISOString().slice(0, 10)}.json`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .type('application/json; charset=utf-8')
        .send(Readable.from(exportSite(app.db, site, { includeEmail: request.query.include_email === true })));
    },
  );
}
