/**
 * Live-blog media (docs/api.md "liveblog", `POST …/media`): images uploaded to one live blog,
 * checked by their bytes and header (media/images.ts), stored as `<dataDir>/media/<32 hex>.<ext>`
 * and served at `/media/<file>`. A post may show only images of its own live blog.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { MediaItem } from '../../core/api/types.ts';
import { badRequest, HttpError } from '../errors.ts';
import { imageInfo, saveImageFile } from './images.ts';
import type { Database, MediaTable } from '../storage/schema.ts';

export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_URL_PREFIX = '/media/';

export const mediaDir = (dataDir: string) => join(dataDir, 'media');

export const notAnImage = () => new HttpError(415, 'The file is not a PNG, JPEG, GIF or WebP image', { field: 'file' });

export interface Upload {
  siteUuid: string;
  containerUuid: string;
  uploaderUuid: string;
  bytes: Buffer;
}

export function toMediaItem(row: MediaTable): MediaItem {
  return { media_uuid: row.uuid, url: MEDIA_URL_PREFIX + row.file, content_type: row.content_type, width: Number(row.width), height: Number(row.height) };
}

/**
 * Stores an upload: 415 (nothing written) unless its bytes are a PNG, JPEG, GIF or WebP image
 * whose header parses with sane dimensions; the file goes when its row cannot be written.
 */
export async function saveMedia(db: Kysely<Database>, dataDir: string, upload: Upload): Promise<MediaItem> {
  const info = imageInfo(upload.bytes);
  if (!info) throw notAnImage();
  const file = await saveImageFile(mediaDir(dataDir), upload.bytes, info.extension);
  const row: MediaTable = {
    uuid: randomUUID(),
    site_uuid: upload.siteUuid,
    container_uuid: upload.containerUuid,
    uploader_uuid: upload.uploaderUuid,
    file,
    content_type: info.content_type,
    width: info.width,
    height: info.height,
    byte_size: upload.bytes.length,
    date_created: Date.now(),
  };
  try {
    await db.insertInto('media').values(row).execute();
  } catch (error) {
    await rm(join(mediaDir(dataDir), file), { force: true });
    throw error;
  }
  return toMediaItem(row);
}

/**
 * The media `uuids` (lower case) as MediaItems, in the order asked; a 400 on `content` when any
 * is unknown or was uploaded to another container.
 */
export async function mediaOfContainer(db: Kysely<Database>, containerUuid: string, uuids: string[]): Promise<MediaItem[]> {
  if (uuids.length === 0) return [];
  const rows = await db.selectFrom('media').selectAll().where('container_uuid', '=', containerUuid).where('uuid', 'in', uuids).execute();
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.map((uuid) => {
    const row = byUuid.get(uuid);
    if (!row) throw badRequest("An image of this post is not one of this live blog's uploads", 'content');
    return toMediaItem(row);
  });
}
