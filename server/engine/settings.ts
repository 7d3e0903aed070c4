/**
 * Container settings (content.md §7 "POST and DELETE /{section}/{container}/settings"):
 * moderators and admins of the site close a conversation, hide it, or hold its new comments for
 * moderation. POST sets the given keys; DELETE removes the keys it names from the container, so
 * it behaves as the site does by default (open, shown, held only under the site's premoderation).
 *
 * One handler for every kind of container: a service mounts this plugin under its base with its
 * own content type (its events' `content_type`) and, where its address differs, its own url
 * (chat's reset is `DELETE …/settings/edit`, content.md §7).
 */
import type { FastifyInstance } from 'fastify';
import type { ContentEvent } from '../../core/api/types.ts';
import { HttpError, notFound } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { enforce, permissionUser } from '../permissions/index.ts';
import { viewerOf } from './contents.ts';
import { CONTAINER_SETTINGS, type ContainerSettingsChange, MAX_SLOW_MODE_SECONDS, toApiContainer, updateContainerSettings } from './containers.ts';
import type { ContainerKind } from '../storage/schema.ts';
import { getSite } from './sites.ts';
import { containerAnswer } from './answers.ts';
import { containerOr404, type ContainerParams } from './reads.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';

export interface ContainerSettingsOptions {
  /** The `content_type` of the `settings_changed` events (default `comments`). */
  contentType?: ContentEvent['content_type'];
  /** The call's address under the service's base (default `/:section/:container/settings`). */
  url?: string;
  /** The methods to mount there (default POST and DELETE; the live blog's update is PUT). */
  methods?: readonly Method[];
  /** The kind of container the service serves (default `conversation`); others are 404. */
  kind?: ContainerKind;
}

type Method = 'POST' | 'PUT' | 'DELETE';

const switches = Object.fromEntries(CONTAINER_SETTINGS.map((key) => [key, { type: 'boolean' }]));
/** Chats also have slow mode (docs/api.md "chat"). */
const slowMode = { slow_mode_seconds: { type: 'integer', minimum: 0, maximum: MAX_SLOW_MODE_SECONDS } };

/** The change a call asks for: POST (PUT) sets each key given; DELETE resets each key it names (any value). */
function settingsChange(method: Method, given: ContainerSettingsChange): ContainerSettingsChange {
  const change: ContainerSettingsChange = {};
  for (const key of CONTAINER_SETTINGS) {
    const value = given[key];
    if (value !== undefined) change[key] = method === 'DELETE' ? false : value;
  }
  if (given.slow_mode_seconds !== undefined) change.slow_mode_seconds = method === 'DELETE' ? 0 : given.slow_mode_seconds;
  return change;
}

export default async function containerSettingsRoutes(app: FastifyInstance, options: ContainerSettingsOptions = {}): Promise<void> {
  const { contentType = 'comments', url = '/:section/:container/settings', methods = ['POST', 'DELETE'], kind = 'conversation' } = options;
  app.addHook('preHandler', app.auth.checkRequestSignature);
  const body = strictObject(kind === 'chat' ? { ...switches, ...slowMode } : switches);

  for (const method of methods) {
    app.route<{ Params: ContainerParams; Body: Common & ContainerSettingsChange }>({
      method,
      url,
      preValidation: absentBodyIsEmpty,
      schema: { params: params(['section', 'container']), body, querystring: strictObject({}), response: containerAnswer },
      handler: async (request) => {
        const container = await containerOr404(app.db, request.params, kind);
        const site = await getSite(app.db, container.site_uuid);
        if (!site) throw notFound('No such site');
        const user = requireUser(request);
        if (user.row.site_uuid !== site.uuid) throw new HttpError(403, 'This account belongs to another site');
        enforce('comment', 'moderate', { user: permissionUser(user.row, user.ban), settings: site.settings });
        const change = settingsChange(method, request.body);
        const { row, event } = await updateContainerSettings(app.db, container.uuid, change, user.row.uuid, contentType);
        if (event) app.hub.publish(event); // after commit: every open page closes or reopens
        return { result: toApiContainer(row, await viewerOf(app.db, user.row, site.uuid)) };
      },
    });
  }
}
