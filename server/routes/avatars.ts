/**
 * Avatar files at `/avatars/<file>` (docs/accounts.md "Avatars"). Names are random and never
 * reused, so a file is cached for good; nosniff and a no-content CSP keep a browser from
 * reading one as anything but the image type it was checked to be.
 */
import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { notFound } from '../errors.ts';
import { AVATAR_FILE_PATTERN, AVATAR_TYPES, avatarDir, type AvatarExtension } from '../storage/avatars.ts';

const fileParams = {
  type: 'object',
  additionalProperties: false,
  properties: { file: { type: 'string', pattern: AVATAR_FILE_PATTERN.source } },
  required: ['file'],
} as const;

export default async function avatarRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  app.get<{ Params: { file: string } }>('/avatars/:file', { schema: { params: fileParams, querystring: { type: 'object' } } }, async (request, reply) => {
    const { file } = request.params;
    const path = join(avatarDir(dataDir), file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw notFound(`No avatar ${file}`);
    const extension = file.slice(file.lastIndexOf('.') + 1) as AvatarExtension;
    return reply
      .header('Content-Type', AVATAR_TYPES[extension])
      .header('Content-Length', String(info.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(createReadStream(path));
  });
}
