/**
 * Media gallery (`GET /api/v2/media/{section}?container_id=…&kind=…`, docs/api.md "media
 * gallery"): the images a container's visible content shows (media/gallery.ts). A
 * container that does not exist yet has no images: an empty list, and nothing is created.
 */
import type { FastifyInstance } from 'fastify';
import { containerId } from '../engine/reads.ts';
import { findContainer } from '../engine/containers.ts';
import { galleryOf } from './gallery.ts';
import type { ContainerKind } from '../storage/schema.ts';
import { siteOr404 } from '../engine/sites.ts';
import { answers, type Common, params, strictObject } from '../routes/schemas.ts';

const KINDS: ContainerKind[] = ['conversation', 'liveblog', 'chat'];
const integer = { type: 'integer' } as const;
const text = { type: 'string' } as const;

const galleryAnswers = answers({
  type: 'object',
  additionalProperties: false,
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { media_uuid: text, url: text, content_type: text, width: integer, height: integer, alt: text, content_uuid: text, date_created: integer },
        required: ['media_uuid', 'url', 'content_type', 'width', 'height', 'alt', 'content_uuid', 'date_created'],
      },
    },
  },
  required: ['items'],
});

type Query = Common & { container_id: string; kind?: ContainerKind };

export default async function mediaGalleryRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { section: string }; Querystring: Query }>(
    '/media/:section',
    {
      schema: {
        params: params(['section']),
        querystring: strictObject({ container_id: containerId, kind: { type: 'string', enum: KINDS } }, ['container_id']),
        response: galleryAnswers,
      },
    },
    async (request) => {
      const site = await siteOr404(app.db, request.params.section);
      const container = await findContainer(app.db, site.uuid, request.query.container_id, request.query.kind ?? 'conversation');
      return { result: { items: container ? await galleryOf(app.db, container) : [] } };
    },
  );
}
