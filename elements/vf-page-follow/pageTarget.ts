/**
 * Which page a <vf-page-follow> follows (content.md §5 "Page subscription by attributes"): only
 * one of `data-path` and `data-url` may be given; neither means the current page, and so does a
 * path or address equal to the current one. The pages API finds a page only by its id, so any
 * other page cannot be resolved here: 'other' (docs/elements.md "<vf-page-follow>").
 */
export const CONFLICT_MESSAGE = 'Only one of data-path or data-url is supported';

export type PageTarget = 'current' | 'other' | 'conflict';

const withoutHash = (url: URL) => `${url.origin}${url.pathname}${url.search}`;

/** `href`: the page's address; `canonical`: the page identity's url (og:url or the like), when known. */
export function pageTarget(path: string | undefined, url: string | undefined, href: string, canonical?: string | null): PageTarget {
  const wantedPath = path?.trim();
  const wantedUrl = url?.trim();
  if (wantedPath && wantedUrl) return 'conflict';
  const here = new URL(href);
  try {
    if (wantedPath) return new URL(wantedPath, here).pathname === here.pathname ? 'current' : 'other';
    if (!wantedUrl) return 'current';
    const target = withoutHash(new URL(wantedUrl, here));
    const known = [withoutHash(here), ...(canonical ? [withoutHash(new URL(canonical, here))] : [])];
    return known.includes(target) ? 'current' : 'other';
  } catch {
    return 'other'; // not an address at all
  }
}
