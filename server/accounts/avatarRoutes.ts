/** Avatar files at `/avatars/<file>` (docs/accounts.md "Avatars"), sent as every uploaded image is (imageFiles.ts). */
import type { FastifyInstance } from 'fastify';
import { avatarDir } from './avatars.ts';
import { IMAGE_FILE_PATTERN, imageFileAnswer, imageFileRoute, sendImageFile } from '../media/index.ts';

const fileParams = {
  type: 'object',
  additionalProperties: false,
  properties: { file: { type: 'string', pattern: IMAGE_FILE_PATTERN.source } },
  required: ['file'],
} as const;

export default async function avatarRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  app.get<{ Params: { file: string } }>('/avatars/:file', { ...imageFileRoute, schema: { params: fileParams, querystring: { type: 'object' }, response: imageFileAnswer } }, (request, reply) =>
    sendImageFile(reply, avatarDir(dataDir), request.params.file, 'avatar'),
  );
}
