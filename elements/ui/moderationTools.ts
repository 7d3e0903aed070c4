/**
 * Moderation tools more than one element opens in place, each a chunk of its own fetched on first
 * use (docs/performance.md "Weight until interactive"): a reader who never bans anyone never
 * downloads the ban dialog or its endpoints.
 */
import { lazyChunk } from './lazyChunk.tsx';

export const LazyBanDialog = lazyChunk(() => import('./BanDialog.tsx').then((module) => module.BanDialog), 3);
