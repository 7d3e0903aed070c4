/**
 * Container settings (content.md §7 "POST and DELETE /{section}/{container}/settings"):
 * moderators and admins of the site close a conversation, hide it, or hold its new comments for
 * moderation. POST sets the given keys; DELETE resets the given keys to their defaults (off).
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { enforce, permissionUser } from '../permissions/index.ts';
import { viewerOf } from '../storage/comments.ts';
import { CONTAINER_SETTINGS, type ContainerSettingsChange, getContainer, toApiContainer, updateContainerSettings } from '../storage/containers.ts';
import { getSite } from '../storage/sites.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from './schemas.ts';

interface ContainerParams {
  section: string;
  container: string;
}

const body = strictObject(Object.fromEntries(CONTAINER_SETTINGS.map((key) => [key, { type: 'boolean' }])));

export default async function containerSettingsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);

  for (const method of ['POST', 'DELETE'] as const) {
    app.route<{ Params: ContainerParams; Body: Common & ContainerSettingsChange }>({
      method,
      url: '/:section/:container/settings',
      preValidation: absentBodyIsEmpty,
      schema: { params: params(['section', 'container']), body, querystring: strictObject({}) },
      handler: async (request) => {
        const container = await getContainer(app.db, request.params.section, request.params.container);
        if (!container) throw notFound('No such content container in this section');
        const site = await getSite(app.db, container.site_uuid);
        if (!site) throw notFound('No such site');
        const user = requireUser(request);
        if (user.row.site_uuid !== site.uuid) throw new HttpError(403, 'This account belongs to another site');
        enforce('comment', 'moderate', { user: permissionUser(user.row, user.ban), settings: site.settings });
        // DELETE takes the same body shape and resets the keys it names (any value) to off.
        const change: ContainerSettingsChange = {};
        for (const key of CONTAINER_SETTINGS) {
          const value = request.body[key];
          if (value !== undefined) change[key] = method === 'POST' ? value : false;
        }
        const { row, event } = await updateContainerSettings(app.db, container.uuid, change, user.row.uuid);
        if (event) app.hub.publish(event); // after commit: every open page closes or reopens
        return { result: toApiContainer(row, await viewerOf(app.db, user.row, site.uuid)) };
      },
    });
  }
}
