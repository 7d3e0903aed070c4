/**
 * A site's automatic-moderation settings (docs/moderation.md "API", docs/settings.md): GET
 * and PATCH `/moderation/settings` on the api base (PATCH also as POST with `verb: "PATCH"`, as
 * the vf client sends every PATCH: platform.md §7), for the site's admins only (401 without a
 * session, 403 for anyone else: nothing read or changed). A change is checked field by field (a
 * 400 names the field, `spam_scorer.hold_at` for a scorer's) and takes effect for the next item
 * posted on every process (the hub's siteChanged drops the rules each process keeps).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../errors.ts';
import type { Common } from '../../routes/schemas.ts';
import { siteForAdmin } from '../../sites/index.ts';
import { noQuery, settingsAnswer, settingsChange, settingsChangeByPost, settingsQuery } from './schemas.ts';
import { adminView, applyChange, readSettings, writeSettings } from './settings.ts';

type ChangeBody = Common & Record<string, unknown>;

export default async function autoModerationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: Common }>('/moderation/settings', { schema: { querystring: settingsQuery, response: settingsAnswer } }, async (request) => {
    const site = await siteForAdmin(app.db, request, request.query.section!, 'read its automatic-moderation settings');
    return { result: adminView(await readSettings(app.db, site.uuid)) };
  });

  async function change(request: FastifyRequest<{ Body: ChangeBody }>) {
    const { section, session: _session, verb: _verb, ...change } = request.body;
    const site = await siteForAdmin(app.db, request, section!, 'change its automatic-moderation settings');
    if (Object.keys(change).length === 0) throw badRequest('Name at least one setting to change');
    const settings = applyChange(await readSettings(app.db, site.uuid), change);
    await writeSettings(app.db, site.uuid, settings);
    app.hub.siteChanged(site.uuid); // every process builds the site's rules again
    return { result: adminView(settings) };
  }

  app.patch<{ Body: ChangeBody }>('/moderation/settings', { schema: { body: settingsChange, querystring: noQuery, response: settingsAnswer } }, change);
  app.post<{ Body: ChangeBody }>('/moderation/settings', { schema: { body: settingsChangeByPost, querystring: noQuery, response: settingsAnswer } }, change);
}
