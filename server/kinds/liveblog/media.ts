/**
 * Live-blog images (docs/api.md "liveblog"): `POST /{s}/{c}/media` (under `/api/liveblog`) takes
 * one multipart part `file` from an editor, at most 5 MB, and stores it if its bytes are an image
 * (media/media.ts); `GET /media/{file}` (at the root, `mediaFileRoutes`) serves it. A refused
 * upload stores nothing.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { containerOr404, type ContainerParams } from '../../engine/reads.ts';
import { enforce, viewerOn } from '../../permissions/index.ts';
import { imageFileAnswer, imageFileRoute, sendImageFile, IMAGE_FILE_PATTERN, MEDIA_MAX_BYTES, mediaDir, saveMedia } from '../../media/index.ts';
import { answers, params, strictObject } from '../../routes/schemas.ts';
import { mediaItem } from '../../engine/schemas.ts';
import { getSite } from '../../engine/sites.ts';

interface Options {
  dataDir: string;
}

const tooLarge = () => new HttpError(413, `The image is larger than ${MEDIA_MAX_BYTES / 1024 / 1024} MB`, { field: 'file' });

/** The bytes of the request's one part, `file`; 400 for anything else, 413 past the limit. */
async function readFile(request: FastifyRequest): Promise<Buffer> {
  const askForFile = () => badRequest("Send the image as one multipart/form-data part named 'file'", 'file');
  if (!request.isMultipart()) throw askForFile();
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') throw askForFile();
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // @fastify/multipart's limit errors (413 'reach … limit' by default): more than the one part.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw askForFile();
    throw error;
  }
  if (!bytes) throw askForFile();
  return bytes;
}

export default async function liveblogMediaRoutes(app: FastifyInstance, { dataDir }: Options): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('preHandler', app.auth.checkRequestSignature);

  app.post<{ Params: ContainerParams }>(
    '/:section/:container/media',
    { schema: { params: params(['section', 'container']), querystring: strictObject({}), response: answers(mediaItem) } },
    async (request) => {
      const container = await containerOr404(app.db, request.params, 'liveblog');
      const site = await getSite(app.db, container.site_uuid);
      if (!site) throw notFound(`No site has the uuid ${container.site_uuid}`);
      enforce('live_content', 'create', { user: viewerOn(request, site.uuid), settings: site.settings });
      const bytes = await readFile(request);
      const item = await saveMedia(app.db, dataDir, { siteUuid: site.uuid, containerUuid: container.uuid, uploaderUuid: request.user!.row.uuid, bytes });
      request.log.info({ media: item.media_uuid, container: container.uuid, bytes: bytes.length }, 'live-blog image uploaded');
      return { result: item };
    },
  );
}

const fileParams = { type: 'object', additionalProperties: false, properties: { file: { type: 'string' } }, required: ['file'] } as const;

/** `GET /media/{file}`: a name that is not one of ours is a 404, like a file that is gone. */
export async function mediaFileRoutes(app: FastifyInstance, { dataDir }: Options): Promise<void> {
  app.get<{ Params: { file: string } }>('/media/:file', { ...imageFileRoute, schema: { params: fileParams, querystring: { type: 'object' }, response: imageFileAnswer } }, async (request, reply) => {
    const { file } = request.params;
    if (!IMAGE_FILE_PATTERN.test(file)) throw notFound('No such image');
    return sendImageFile(reply, mediaDir(dataDir), file, 'image');
  });
}
