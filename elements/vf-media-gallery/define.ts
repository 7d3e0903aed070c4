// Chunk entry for <vf-media-gallery>: the only side effect is the registration.
import { defineElement } from '../ui/defineElement.ts';
import { mediaGalleryElement } from './element.ts';
import type { MediaGalleryProps } from './MediaGallery.tsx';

defineElement('vf-media-gallery', mediaGalleryElement);

declare global {
  interface HTMLElementTagNameMap {
    'vf-media-gallery': HTMLElement & MediaGalleryProps;
  }
}
