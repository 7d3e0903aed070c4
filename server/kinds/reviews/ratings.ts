/**
 * The reviews' calls under the api base (`/api/v2`, content.md §7): `PUT ratings/{uuid}` sets
 * the reader's stars on a reviews container (their review without words, or their review's
 * stars), and `GET users/{uuid}/ratings` lists a reader's visible ratings across their site.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getContainer } from '../../engine/containers.ts';
import { viewerOf } from '../../engine/contents.ts';
import { ratingsByReader } from './queries.ts';
import { getSite } from '../../engine/sites.ts';
import { findUserByUuid } from '../../engine/users.ts';
import { type Common, params, strictObject } from '../../routes/schemas.ts';
import { ratingAnswerFor } from './routes.ts';
import { pointsBody, ratingAnswer, userRatingsAnswer } from './schemas.ts';
import { rate } from './write.ts';

/** A reader's ratings shown at most (docs/elements.md "vf-user-ratings"); 5 by default, as a user's comments. */
const limit = { type: 'integer', minimum: 1, maximum: 50, default: 5 } as const;

export default async function ratingRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Params: { uuid: string }; Body: Common & { points: number } }>(
    '/ratings/:uuid',
    { schema: { params: params(['uuid']), body: pointsBody, querystring: strictObject({}), response: ratingAnswer } },
    async (request) => {
      const user = requireUser(request);
      const container = await getContainer(app.db, user.row.site_uuid, request.params.uuid, 'reviews');
      const site = container ? await getSite(app.db, container.site_uuid) : null;
      if (!container || !site) throw notFound('No reviews container with this uuid on your site');
      await rate(app, user, site, container, request.body.points);
      return { result: await ratingAnswerFor(app, { section: site.uuid, container: container.uuid }, user.row) };
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: Common & { limit: number } }>(
    '/users/:uuid/ratings',
    { schema: { params: params(['uuid']), querystring: strictObject({ limit }), response: userRatingsAnswer } },
    async (request) => {
      const reader = await findUserByUuid(app.db, request.params.uuid);
      if (!reader) throw notFound('No such user');
      const viewer = await viewerOf(app.db, request.user?.row ?? null, reader.site_uuid);
      return { result: { ratings: await ratingsByReader(app.db, reader.uuid, request.query.limit, viewer) } };
    },
  );
}
