/**
 * A container's image gallery (docs/api.md "media gallery"): the images its visible content
 * shows, newest content first, each with the alt text its post gave it. Only what a guest may
 * see counts (server/content/visibility.ts): never disabled, spam, held or deleted content, nor
 * the content of ghost- or hide-banned authors; a hidden container shows none.
 */
import type { Kysely } from 'kysely';
import type { GalleryImage, MediaItem } from '../../core/api/types.ts';
import { parseRichText } from '../../core/text/richText.ts';
import { PUBLIC_VIEWER, visibleTo } from '../content/visibility.ts';
import type { ContainersTable, Database } from '../storage/schema.ts';

export const GALLERY_LIMIT = 100;

/** The alt text each image of the post's text was given (`![alt](media:uuid)`). */
function altTexts(text: string): Map<string, string> {
  const alts = new Map<string, string>();
  for (const block of parseRichText(text)) if (block.type === 'image') alts.set(block.media_uuid, block.alt);
  return alts;
}

export async function galleryOf(db: Kysely<Database>, container: ContainersTable, limit = GALLERY_LIMIT): Promise<GalleryImage[]> {
  if (Number(container.is_hidden) === 1) return [];
  const rows = await db
    .selectFrom('contents')
    .select(['uuid', 'content', 'media', 'date_created'])
    .where('container_uuid', '=', container.uuid)
    .where('state', '=', 'visible')
    .where('media', 'is not', null)
    .where(visibleTo(PUBLIC_VIEWER))
    .orderBy('date_created', 'desc')
    .orderBy('uuid', 'desc')
    .limit(limit)
    .execute();
  const images: GalleryImage[] = [];
  for (const row of rows) {
    const alts = altTexts(row.content);
    for (const item of JSON.parse(row.media!) as MediaItem[]) {
      if (images.length >= limit) return images;
      images.push({ ...item, alt: alts.get(item.media_uuid) ?? '', content_uuid: row.uuid, date_created: Number(row.date_created) });
    }
  }
  return images;
}
