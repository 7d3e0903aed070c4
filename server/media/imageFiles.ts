/**
 * Uploaded image files (avatars at `/avatars/<file>`, live-blog media at `/media/<file>`), sent
 * one way. Names are random and never reused, so a file is cached for good; nosniff and a
 * no-content, sandboxed CSP keep a browser from reading one as anything but the image type it
 * was checked to be at upload (media/images.ts). Any origin may load them (publishers' pages).
 */
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { notFound } from '../errors.ts';
import { IMAGE_TYPES, type ImageExtension } from './images.ts';
import { IMMUTABLE_CACHE, publicCors } from '../routes/static.ts';
import { sends } from '../routes/schemas.ts';

/** The route options every image file route takes (with its own params schema). */
export const imageFileRoute = { config: publicCors } as const;

/** An image file route's answer: the image, of one of the types uploads are checked to be. */
export const imageFileAnswer = { 200: sends('The image', ...Object.values(IMAGE_TYPES)) } as const;

/** Sends `dir/file` (a name that matched IMAGE_FILE_PATTERN), or 404 `No {what} {file}`. */
export async function sendImageFile(reply: FastifyReply, dir: string, file: string, what: string): Promise<FastifyReply> {
  const path = join(dir, file);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound(`No ${what} ${file}`);
  const extension = file.slice(file.lastIndexOf('.') + 1) as ImageExtension;
  return reply
    .header('Content-Type', IMAGE_TYPES[extension])
    .header('Content-Length', String(info.size))
    .header('Cache-Control', IMMUTABLE_CACHE)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .send(createReadStream(path));
}
