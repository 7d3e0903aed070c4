/**
 * Site settings (`/api/v2/settings`, docs/settings.md): an admin of the site changes any of
 * them. PATCH, or POST with `verb: "PATCH"` (spec §7). Types are checked strictly (no
 * coercion of "false" to false); an unknown or derived key is a 400. The answer is the
 * site's settings after the change, as bootstrap returns them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { settingProblem, settingsChangeSchemaProperties, type StoredSiteSettings } from '../../core/settings/site.ts';
import { badRequest } from '../errors.ts';
import { updateSiteSettings } from '../engine/sites.ts';
import { type Common, strictObject } from '../routes/schemas.ts';
import { siteForAdmin } from './siteAdmin.ts';
import { settingsAnswer } from '../accounts/index.ts';

type Body = Common & Partial<StoredSiteSettings> & { verb?: 'PATCH' };
const NOT_SETTINGS = new Set(['session', 'section', 'verb']);

/** Before schema coercion: every key must be a setting and every value of its exact type. */
async function strictTypes(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return; // the schema answers
  for (const [key, value] of Object.entries(body)) {
    if (NOT_SETTINGS.has(key)) continue;
    const problem = settingProblem(key, value);
    if (problem) throw badRequest(problem, key);
  }
}

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  async function change(request: FastifyRequest<{ Body: Body }>) {
    const { verb: _verb, session: _session, section, ...fields } = request.body;
    const site = await siteForAdmin(app.db, request, section!, 'change its settings');
    if (Object.keys(fields).length === 0) throw badRequest('Name at least one setting to change');
    const settings = await updateSiteSettings(app.db, site.uuid, fields);
    app.hub.siteChanged(site.uuid); // no list shows a site setting today; kept current in case one does (engine/guest-cache.ts)
    return { result: settings };
  }

  const properties = settingsChangeSchemaProperties();
  app.patch<{ Body: Body }>(
    '/settings',
    { preValidation: strictTypes, schema: { body: strictObject(properties, ['section']), querystring: strictObject({}), response: settingsAnswer } },
    change,
  );
  app.post<{ Body: Body }>(
    '/settings',
    {
      preValidation: strictTypes,
      schema: { body: strictObject({ ...properties, verb: { type: 'string', const: 'PATCH' } }, ['section', 'verb']), querystring: strictObject({}), response: settingsAnswer },
    },
    change,
  );
}
