/**
 * Dislikes (`/api/comments/{s}/{c}/comments/{id}/dislike`, POST to dislike, DELETE to take it
 * back): ruled by `comment.dislike` (docs/permissions.md) — the site's enable_dislikes first
 * (403 for everyone when off), then a login (401), then hidden bans (403). Idempotent.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { enforce, permissionUser } from '../permissions/index.ts';
import { getCommentInContainer } from '../storage/comments.ts';
import { getContainer } from '../storage/containers.ts';
import { setDislike } from '../storage/dislikes.ts';
import { getSite } from '../storage/sites.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from './schemas.ts';

interface DislikeParams {
  section: string;
  container: string;
  content_uuid: string;
}

export default async function dislikeRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);

  for (const method of ['POST', 'DELETE'] as const) {
    app.route<{ Params: DislikeParams; Body: Common }>({
      method,
      url: '/:section/:container/comments/:content_uuid/dislike',
      preValidation: absentBodyIsEmpty,
      schema: { params: params(['section', 'container', 'content_uuid']), body: strictObject({}), querystring: strictObject({}) },
      handler: async (request) => {
        const { section, container: containerUuid, content_uuid } = request.params;
        const container = await getContainer(app.db, section, containerUuid);
        if (!container) throw notFound('No such content container in this section');
        const comment = await getCommentInContainer(app.db, container.uuid, content_uuid);
        if (!comment || comment.state !== 'visible') throw notFound('No such comment in this content container');
        const site = await getSite(app.db, container.site_uuid);
        if (!site) throw notFound('No such site');
        if (request.user && request.user.row.site_uuid !== site.uuid) throw new HttpError(403, 'This account belongs to another site');
        const viewer = request.user ? permissionUser(request.user.row) : null;
        enforce('comment', 'dislike', { user: viewer, settings: site.settings, content: { actor_uuid: comment.actor_uuid, state: 'visible' } });
        const disliked = method === 'POST';
        const change = await setDislike(app.db, comment.uuid, request.user!.row.uuid, disliked);
        return { result: { content_uuid: comment.uuid, total_dislikes: change.total_dislikes, disliked } };
      },
    });
  }
}
