/**
 * The live-blog service (`/api/liveblog`, docs/api.md "liveblog"): the content engine's calls
 * with the live-blog policy, plus what only a live blog has: its update (PUT: close, hide, hold
 * replies), the replies of one post, the count of visible posts, and image uploads.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';
import contentChangeRoutes from '../../engine/changes.ts';
import contentReadRoutes, { type ContainerParams, containerOr404, hiddenFrom, limit, threadPage } from '../../engine/reads.ts';
import containerSettingsRoutes from '../../engine/settings.ts';
import contentWriteRoutes from '../../engine/writes.ts';
import { countVisibleRoots, selectInContainer } from '../../engine/contentQueries.ts';
import { viewerOf } from '../../engine/contents.ts';
import { answers, type Common, params, strictObject, uuid } from '../../routes/schemas.ts';
import { count, shape } from '../../engine/schemas.ts';
import { kindAnswers } from '../../engine/answers.ts';
import liveblogMediaRoutes from './media.ts';
import { liveblogPolicy as policy } from './policy.ts';

type RepliesQuery = Common & { limit: number; sorted_by: 'oldest' | 'newest'; starting_from?: string };

export default async function liveblogRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  app.register(contentWriteRoutes, { policy });
  app.register(contentChangeRoutes, { policy });
  app.register(contentReadRoutes, { policy });
  // Editors update the live blog: close it (an ended event), hide it, hold readers' replies.
  app.register(containerSettingsRoutes, { kind: policy.kind, contentType: policy.containerEvents, url: '/:section/:container', methods: ['PUT'] });
  app.register(liveblogMediaRoutes, { dataDir });
  app.register(liveblogOnlyReads);
}

async function liveblogOnlyReads(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', app.auth.checkRequestSignature);

  app.get<{ Params: ContainerParams }>(
    '/:section/:container/posts/visible/count',
    { schema: { params: params(['section', 'container']), querystring: strictObject({}), response: answers(shape({ total_visible_content: count }, ['total_visible_content'])) } },
    async (request) => {
      const container = await containerOr404(app.db, request.params, policy.kind);
      const viewer = await viewerOf(app.db, request.user?.row ?? null, container.site_uuid);
      return { result: { total_visible_content: hiddenFrom(container, viewer) ? 0 : await countVisibleRoots(app.db, container.uuid) } };
    },
  );

  // The replies to one post (content.md §7 `GET …/replies/{content_uuid}`), oldest first by default.
  app.get<{ Params: ContainerParams & { content_uuid: string }; Querystring: RepliesQuery }>(
    '/:section/:container/replies/:content_uuid',
    {
      schema: {
        params: params(['section', 'container', 'content_uuid']),
        querystring: strictObject({ limit, sorted_by: { type: 'string', enum: ['oldest', 'newest'], default: 'oldest' }, starting_from: uuid }),
        response: kindAnswers(policy).thread,
      },
    },
    async (request) => {
      const container = await containerOr404(app.db, request.params, policy.kind);
      const viewer = await viewerOf(app.db, request.user?.row ?? null, container.site_uuid);
      const [post] = hiddenFrom(container, viewer) ? [] : await selectInContainer(app.db, container.uuid, [request.params.content_uuid], viewer);
      if (!post || post.parent_uuid !== null) throw notFound('No such post in this live blog');
      return { result: await threadPage(app.db, container, post, request.query, viewer) };
    },
  );
}
