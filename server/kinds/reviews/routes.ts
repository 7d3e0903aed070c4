/**
 * The reviews service (`/api/v2/reviews`, docs/api.md "reviews"): the content engine's calls with
 * the reviews policy (container, list, helpful votes, flags, removal, moderation, settings), plus
 * the reviews' own: a reader's review and its author's edit, and the page's rating summary with
 * the reader's own review.
 */
import type { FastifyInstance } from 'fastify';
import type { RatingAnswer } from '../../../core/api/reviewTypes.ts';
import contentChangeRoutes from '../../engine/changes.ts';
import contentReadRoutes, { type ContainerParams, containerOr404, hiddenFrom } from '../../engine/reads.ts';
import containerSettingsRoutes from '../../engine/settings.ts';
import contentWriteRoutes from '../../engine/writes.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getCommentWithActor } from '../../engine/contentQueries.ts';
import { viewerOf } from '../../engine/contents.ts';
import { ratingSummary, reviewBy } from './queries.ts';
import { siteOr404 } from '../../engine/sites.ts';
import { type Common, params, strictObject } from '../../routes/schemas.ts';
import { reviewsPolicy as policy, presentReviews } from './policy.ts';
import { newReviewBody, ratingAnswer, reviewAnswer, reviewChangeBody } from './schemas.ts';
import { createReview, editReview, type ReviewInput } from './write.ts';

export default async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  app.register(contentWriteRoutes, { policy });
  app.register(contentChangeRoutes, { policy });
  app.register(containerSettingsRoutes, { kind: policy.kind, contentType: policy.containerEvents });
  app.register(contentReadRoutes, { policy });
  app.register(reviewOnlyRoutes);
}

/** The container and its site (404 when either is unknown). */
export async function reviewsContainer(app: FastifyInstance, p: ContainerParams) {
  const container = await containerOr404(app.db, p, policy.kind);
  const site = await siteOr404(app.db, container.site_uuid);
  return { container, site };
}

/** The summary of the container's visible reviews, with the reader's own review (null for a guest or none). */
export async function ratingAnswerFor(app: FastifyInstance, p: ContainerParams, user: Parameters<typeof viewerOf>[1]): Promise<RatingAnswer> {
  const { container } = await reviewsContainer(app, p);
  const viewer = await viewerOf(app.db, user, container.site_uuid);
  if (hiddenFrom(container, viewer)) return { rating: null, ratings: { count: 0, average: 0, distribution: [0, 0, 0, 0, 0] } };
  const mine = viewer.uuid ? await reviewBy(app.db, container.uuid, viewer.uuid) : null;
  const row = mine && mine.state !== 'deleted' ? await getCommentWithActor(app.db, mine.content_uuid) : null;
  const [rating] = row ? await presentReviews(app.db, viewer, [row]) : [];
  return { rating: rating ?? null, ratings: await ratingSummary(app.db, container.uuid) };
}

async function reviewOnlyRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);

  app.post<{ Params: ContainerParams; Body: Common & ReviewInput }>(
    '/:section/:container/reviews',
    { schema: { params: params(['section', 'container']), body: newReviewBody, querystring: strictObject({}), response: reviewAnswer } },
    async (request) => {
      const user = requireUser(request);
      const { container, site } = await reviewsContainer(app, request.params);
      return { result: await createReview(app, user, site, container, request.body) };
    },
  );

  app.put<{ Params: ContainerParams & { content_uuid: string }; Body: Common & Partial<ReviewInput> }>(
    '/:section/:container/reviews/:content_uuid',
    { schema: { params: params(['section', 'container', 'content_uuid']), body: reviewChangeBody, querystring: strictObject({}), response: reviewAnswer } },
    async (request) => {
      const user = requireUser(request);
      const { container, site } = await reviewsContainer(app, request.params);
      return { result: await editReview(app, user, site, container, request.params.content_uuid, request.body) };
    },
  );

  app.get<{ Params: ContainerParams }>(
    '/:section/:container/ratings',
    { schema: { params: params(['section', 'container']), querystring: strictObject({}), response: ratingAnswer } },
    async (request) => ({ result: await ratingAnswerFor(app, request.params, request.user?.row ?? null) }),
  );
}
