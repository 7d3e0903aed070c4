/**
 * Keeps the page in step (spec §2 "Page-address parameters", §3 page context): the address is
 * read on load and on every hash change (`page/urlChanged`, which also re-reads `deeplink`);
 * once the session is ready, the page is fetched or created on the server (`page/stored`) and
 * the loader's page context gets the stored page's id. The server takes only a page on the site's
 * domains and a picture on its image hosts (docs/api.md "Pages"): a page elsewhere is not stored,
 * a picture elsewhere not sent. Browser only: without a window it does nothing.
 */
import { pagesApi, pageInputFrom } from '../api/pages.ts';
import type { SiteSettings } from '../api/types.ts';
import type { PageState } from './slice.ts';
import { pageStored, pageUrlChanged, selectPageContext } from './slice.ts';
import { pageImageHosts, urlOnHosts } from './siteUrls.ts';

interface Store {
  dispatch(action: any): any;
  getState(): { page: PageState; session: { status: string; domains: string[]; settings: SiteSettings | null } };
  subscribe(listener: () => void): () => void;
}

interface Host {
  setContext(key: 'page', value: unknown): void;
}

let stopPrevious: (() => void) | null = null;

/** Starts (or restarts, after a reset) the page sync for `store`; returns its stop function. */
export function syncPage(store: Store, host: Host, win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'> | null = typeof window === 'undefined' ? null : window): () => void {
  stopPrevious?.();
  stopPrevious = null;
  // Outside a browser (node tests of startup) there is no page to watch or to store.
  if (!win) return () => undefined;
  const onAddress = () => {
    store.dispatch(pageUrlChanged(win.location.href));
  };
  onAddress();
  win.addEventListener('hashchange', onAddress);
  win.addEventListener('popstate', onAddress);

  let requested = false;
  const check = () => {
    const state = store.getState();
    if (requested || state.session.status !== 'ready' || !state.page.identity) return;
    requested = true;
    const input = pageInputFrom(state.page.identity);
    const { domains, settings } = state.session;
    if (!input || !urlOnHosts(input.url, domains)) return;
    input.image_url = urlOnHosts(input.image_url, pageImageHosts(domains, settings));
    if (!input.image_url) input.image_alt = null;
    void Promise.resolve(store.dispatch(pagesApi.endpoints.ensurePage.initiate(input))).then((result: { data?: unknown }) => {
      if (!result?.data || stopped) return;
      store.dispatch(pageStored(result.data as never));
      host.setContext('page', selectPageContext(store.getState()));
    });
  };
  let stopped = false;
  const unsubscribe = store.subscribe(check);
  check();

  const stop = () => {
    stopped = true;
    unsubscribe();
    win.removeEventListener('hashchange', onAddress);
    win.removeEventListener('popstate', onAddress);
    if (stopPrevious === stop) stopPrevious = null;
  };
  stopPrevious = stop;
  return stop;
}
