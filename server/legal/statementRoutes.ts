/**
 * Statements of reasons on `/api/v2` (DSA Art. 17, docs/law.md "Statements of reasons"): a reader
 * reads the statements about them (the tray's notification opens one); the site's moderators read
 * any of the site's. To anyone else a statement does not exist (404), so its existence is not told.
 */
import type { FastifyInstance } from 'fastify';
import { can } from '../../core/permissions/index.ts';
import { notFound } from '../errors.ts';
import { siteOr404 } from '../engine/sites.ts';
import { permissionUser } from '../permissions/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { answers, type Common, params, strictObject } from '../routes/schemas.ts';
import { statementList, statementSchema } from './schemas.ts';
import { loadStatements, statementsOf } from './statementView.ts';

type SectionQuery = Common & { section: string };

export default async function statementRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: SectionQuery }>(
    '/legal/statements/mine',
    { schema: { querystring: strictObject({}, ['section']), response: answers(statementList) } },
    async (request) => {
      const site = await siteOr404(app.db, request.query.section);
      const user = requireUser(request);
      if (user.row.site_uuid !== site.uuid) return { result: { items: [] } };
      return { result: { items: await statementsOf(app.db, user.row.uuid) } };
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: SectionQuery }>(
    '/legal/statements/:uuid',
    { schema: { params: params(['uuid']), querystring: strictObject({}, ['section']), response: answers(statementSchema) } },
    async (request) => {
      const site = await siteOr404(app.db, request.query.section);
      const user = requireUser(request);
      const row = await app.db.selectFrom('statements_of_reasons').select(['uuid', 'user_uuid']).where('uuid', '=', request.params.uuid).where('site_uuid', '=', site.uuid).executeTakeFirst();
      const member = user.row.site_uuid === site.uuid;
      const moderator = member && can('comment', 'moderate', { user: permissionUser(user.row, user.ban), settings: site.settings }).allowed;
      if (!row || !member || (row.user_uuid !== user.row.uuid && !moderator)) throw notFound('No such statement of reasons');
      return { result: (await loadStatements(app.db, [row.uuid])).get(row.uuid)! };
    },
  );
}
