/**
 * Pictures the API stores itself come as paths (`/avatars/<file>`, docs/accounts.md): they
 * belong to the API's origin, not to the publisher's page the widget runs on.
 */
import { getConfig } from '../config.ts';

const LOADABLE = new Set(['http:', 'https:', 'blob:']);

/** An address the page can load for `src` (null: none, or a scheme an image should not use). */
export function apiAssetUrl(src: string | null | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, getConfig().apiBase);
    return LOADABLE.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
