import { MediaGallery, type MediaGalleryProps } from './MediaGallery.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The images of a content container (a conversation's, a live blog's or a chat's), from its
 * visible content only — never disabled, spam, held or deleted content's — newest first, as a
 * grid of square thumbnails. A thumbnail opens a lightbox (a modal dialog): ← and → (or Previous
 * and Next) move through the images, Escape or Close closes it, and focus returns to the
 * thumbnail. Alt texts are the ones the posts gave their images. Loaded lazily: its chunk is
 * fetched when it comes within 500 px of the viewport.
 *
 * @summary Media gallery: a container's images with a lightbox (content.md §2 "media gallery").
 *
 * @attr {string} vf-container-id - The container's public id. Default: the page's
 *   `vf:container_id` meta, else the page url. Nothing is created by asking.
 * @attr {string} kind - `conversation` (default), `liveblog` or `chat`; anything else is
 *   `conversation`.
 *
 * @csspart base - The grid and its notices.
 * @csspart grid - The list of thumbnails.
 * @csspart thumbnail - Each thumbnail button.
 * @csspart lightbox - The dialog showing one image.
 * @csspart lightbox-image - The image in the dialog.
 * @csspart caption - The image's alt text under it.
 * @csspart position - "Image 2 of 5" (a polite live region).
 * @csspart previous - The Previous image button.
 * @csspart next - The Next image button.
 * @csspart close - The Close button.
 * @csspart empty - "No images yet."
 * @csspart error - Loading failed: message and Retry.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-gallery-thumb-size=8rem] - The smallest thumbnail width; cells grow to fill the row.
 * @cssprop [--vf-radius=8px] - Corner radius of thumbnails.
 */
export const mediaGalleryElement: ElementDefinition<MediaGalleryProps> = {
  component: MediaGallery,
  props: { vfContainerId: 'string', kind: 'string' },
  css: () => import('./styles.css'),
  reserve: reserves['vf-media-gallery'],
};
