/** What media offers the other features (docs/architecture.md): import these from here, not from its files. */
export { imageFileAnswer, imageFileRoute, sendImageFile } from './imageFiles.ts';
export { IMAGE_FILE_PATTERN, type ImageExtension, detectImageType, saveImageFile } from './images.ts';
export { MEDIA_MAX_BYTES, mediaDir, mediaOfContainer, saveMedia } from './media.ts';
