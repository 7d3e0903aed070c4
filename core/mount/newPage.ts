/**
 * `vf.loadNewPage({ path } | { url })` (spec §5): the page identity for a single-page app's new
 * address. Exactly one of `path` or `url` is required. The address becomes the page's url
 * (tracking parameters removed; a path resolves against the current origin). Descriptive fields
 * are read again from the page's meta tags as they are now (title, description, image, type,
 * language, section, domain). The conversation's identity follows the address: a
 * `vf:container_id` / `vf:unique_id` that still names the previous page is dropped, so widgets
 * without their own `vf-container-id` open the new address's conversation; a meta tag the app
 * changed for the new page is used.
 */
import { readPageIdentity, stripTracking, type PageDocument, type PageIdentity } from '../page/identity.ts';

export const LOAD_NEW_PAGE_ERROR = 'Only one of either path or url must be passed to loadNewPage';

/** The new page's address, or throws the spec's error. */
export function newPageAddress(target: unknown, base: string): string {
  const args = (typeof target === 'object' && target !== null ? target : {}) as { path?: unknown; url?: unknown };
  const path = typeof args.path === 'string' && args.path !== '' ? args.path : null;
  const url = typeof args.url === 'string' && args.url !== '' ? args.url : null;
  if ((path === null) === (url === null)) throw new Error(LOAD_NEW_PAGE_ERROR);
  return new URL((path ?? url)!, base).toString();
}

/**
 * `previousRead` is what the meta tags said for the previous page (before any override): a value
 * the meta tags still hold unchanged is stale. Returns the identity and this read.
 */
export function pageForAddress(
  doc: PageDocument,
  address: string,
  previousRead: PageIdentity | null,
): { page: PageIdentity; read: PageIdentity } {
  const read = readPageIdentity(doc, address);
  const stale = (key: 'container_id' | 'unique_id') => previousRead !== null && read[key] === previousRead[key];
  const page = {
    ...read,
    url: stripTracking(address, address),
    container_id: stale('container_id') ? null : read.container_id,
    unique_id: stale('unique_id') ? null : read.unique_id,
  };
  return { page, read };
}
