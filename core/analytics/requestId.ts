/**
 * Page views without duplicates (content.md §4 "Analytics"): one `page_view` per URL per page
 * load or SPA navigation. Showing the URL that is already current again (vf.context.reset,
 * loadNewPage to the same address, a hash change) is no new view; coming back to a URL seen
 * earlier is, with a new request id. On the page load's first view the request id saved in
 * sessionStorage is reused when it was saved for the same URL less than 5 minutes ago (a reload):
 * that is the same view, not a new one. Storage failures only lose the reuse.
 */
export const REQUEST_ID_REUSE_MS = 300_000;
export const REQUEST_ID_KEY = 'vf.analytics.request';

export interface PageView {
  rq: string;
  /** false when the view is the one already counted (a reused request id). */
  isNew: boolean;
}

export interface PageViewTracker {
  /** The view for `url`, or null when it is the current one already. */
  viewFor(url: string): PageView | null;
  current(): PageView | null;
}

export function createPageViews(storage: Pick<Storage, 'getItem' | 'setItem'> | null, now: () => number, newId: () => string): PageViewTracker {
  let currentUrl: string | null = null;
  let view: PageView | null = null;
  let first = true;

  const saved = (url: string): string | null => {
    try {
      const value = JSON.parse(storage?.getItem(REQUEST_ID_KEY) ?? 'null') as unknown;
      if (!value || typeof value !== 'object') return null;
      const { url: savedUrl, rq, at } = value as Record<string, unknown>;
      const age = now() - (typeof at === 'number' ? at : -Infinity);
      return savedUrl === url && typeof rq === 'string' && rq !== '' && age >= 0 && age < REQUEST_ID_REUSE_MS ? rq : null;
    } catch {
      return null;
    }
  };

  return {
    viewFor(address) {
      const url = address.split('#')[0]!;
      if (url === currentUrl) return null;
      const reused = first ? saved(url) : null;
      first = false;
      currentUrl = url;
      view = reused ? { rq: reused, isNew: false } : { rq: newId(), isNew: true };
      if (!reused) {
        try {
          storage?.setItem(REQUEST_ID_KEY, JSON.stringify({ url, rq: view.rq, at: now() }));
        } catch {
          // no sessionStorage: a reload counts as a new view
        }
      }
      return view;
    },
    current: () => view,
  };
}
