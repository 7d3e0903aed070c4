/**
 * Keeps the page in step (spec §2 "Page-address parameters", §3 page context): the address is
 * read on load and on every hash change (`page/urlChanged`, which also re-reads `deeplink`);
 * once the session is ready, the page is fetched or created on the server (`page/stored`) and
 * the loader's page context gets the stored page's id. Browser only: without a window it does nothing.
 */
import { pagesApi, pageInputFrom } from '../api/pages.ts';
import type { PageState } from './slice.ts';
import { pageStored, pageUrlChanged, selectPageContext } from './slice.ts';

interface Store {
  dispatch(action: any): any;
  getState(): { page: PageState; session: { status: string } };
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
    if (!input) return;
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
