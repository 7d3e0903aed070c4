/**
 * The editors' composer (the shared editor with the formatting toolbar and image upload): a chunk
 * of its own, fetched when an editor's live blog first shows it (docs/performance.md "Weight until
 * interactive"); readers never download it.
 */
import { lazyChunk } from '../ui/lazyChunk.tsx';

export const LazyPostComposer = lazyChunk(() => import('./PostComposer.tsx').then((module) => module.PostComposer), 4);
