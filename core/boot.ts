/**
 * The `core` chunk's entry: `start(host)` from the loader (docs/client-internals.md).
 * Order (spec §4 Startup): config, store, page, bootstrap, contexts, then ready. A failed
 * bootstrap leaves the session `failed` (elements show an error with retry); ready is
 * signalled when a bootstrap — first or retried — succeeds. Also the rest of the loader's
 * `CoreModule` (core/loader/host.ts): teardown, reset, loadNewPage, the tray, chunk errors.
 */
import { configure } from './config.ts';
import { getStore } from './store/index.ts';
import { pageIdentified } from './page/slice.ts';
import { syncPage } from './page/sync.ts';
import { bootstrapSession } from './session/bootstrap.ts';
import { lookUpThirdPartyCookies } from './session/thirdPartyCookies.ts';
import { keepSessionFresh } from './session/refresh.ts';
import { watchNetwork } from './network/slice.ts';
import { loadMessages } from './i18n/index.ts';
import { isLoggedInUser, selectCurrentUser, selectSessionStatus } from './session/slice.ts';
import type { User } from './api/types.ts';
import { publish, setPublisher } from './global-api/bus.ts';
import { toUserContext } from './global-api/userContext.ts';
import { baseApi } from './api/base.ts';
import { selectUnreadCount } from './notifications/unread.ts';
import { readPageIdentity, type PageIdentity } from './page/identity.ts';
import { resetStore } from './store/index.ts';
import { showChunkError as showChunkErrorNotice } from './mount/chunkError.ts';
import { parkWidgets, remountWidgets } from './mount/lifecycle.ts';
import { newPageAddress, pageForAddress } from './mount/newPage.ts';
import { applyPageClasses, ensureTray, listenForActivators } from './mount/page.ts';
import { setWidgetPageId, updateMobileClasses, widgetQueue } from './mount/registry.ts';
import { resetTray } from './mount/tray.ts';
import { openAddressModal } from './session/addressParams.ts';
import type { LoaderHost } from './loader/host.ts';
import { createModuleImporter } from './loader/moduleImport.ts';
import { scheduleAnalytics, stopAnalytics } from './analytics/lazy.ts';
import { identityContext } from './identity/context.ts';
import { startIdentity } from './identity/start.ts';
import { realTimers } from './loader/timers.ts';
import { adoptTrustedTypes } from './trustedTypes.ts';

export type { LoaderHost } from './loader/host.ts';

// Every later chunk import (the loader's element chunks, the chunks' own dynamic imports) goes
// through this importer, which a retry can really repeat (core/loader/moduleImport.ts). It lives
// here rather than in vf.js to keep the loader small; core itself is imported plainly.
globalThis.__vfImport ??= createModuleImporter({ importModule: (url) => import(url) });

let currentHost: LoaderHost | null = null;
/** Node tests of startup run without a page: the mounting duties need one. */
const hasDom = typeof document === 'object';
let stopSync: (() => void) | null = null;
/** Stops following the page's identity platforms (core/identity/start.ts). */
let stopIdentity: (() => void) | null = null;
/** What the meta tags said for the current page (loadNewPage compares against it). */
let lastRead: PageIdentity | null = null;

export async function start(host: LoaderHost): Promise<void> {
  currentHost = host;
  if (host.trustedTypes) adoptTrustedTypes(host.trustedTypes);
  configure({ origin: host.origin });
  setPublisher(host.publish);
  const page = host.page ?? readPageIdentity(document, location.href);
  lastRead = page;
  if (hasDom) {
    listenForActivators();
    addEventListener('resize', updateMobileClasses);
  }
  await setup(host, page);
}

/** Setup (spec §4): store, page, bootstrap, contexts, ready; also the page's mounting duties. */
async function setup(host: LoaderHost, page: PageIdentity): Promise<void> {
  const store = getStore();
  store.dispatch(pageIdentified(page));
  const pageId = page.unique_id ?? page.container_id ?? page.url;
  setWidgetPageId(pageId);
  host.setContext('page', { ...page, id: pageId });
  // The address (hash changes, deeplink) and the stored page, whose id then becomes the context's id.
  syncPage(store, host);

  // Contexts follow the store: the user context and the page classes change with login/logout,
  // and ready is signalled the first time the session becomes ready (also after a retry).
  let signalled = false;
  let lastUser: unknown = undefined;
  let lastUnread = -1;
  const sync = () => {
    const state = store.getState();
    if (selectSessionStatus(state) !== 'ready') return;
    const user = selectCurrentUser(state);
    if (user !== lastUser) {
      // Spec "user" events: a reader who was logged in is not any more (logout, expired session).
      if (isLoggedInUser(lastUser as User | null) && !isLoggedInUser(user)) publish('user', 'logout', {});
      lastUser = user;
      host.setContext('user', toUserContext(user));
      if (hasDom) applyPageClasses(user);
    }
    // Spec §5: the notifications context holds counts.new, kept with the reader's list.
    const unread = selectUnreadCount(state);
    if (unread !== lastUnread) {
      lastUnread = unread;
      host.setContext('notifications', { counts: { new: unread } });
    }
    if (!signalled) {
      signalled = true;
      host.ready();
      widgetQueue.ready();
      if (hasDom) {
        ensureTray();
        // Spec §4 step 4, the subscription (svod) feature: a mailed reset / verification link.
        openAddressModal();
        // Analytics: its own chunk, in idle time after ready (core/analytics/lazy.ts).
        scheduleAnalytics(page);
      }
    }
  };
  let started = false;
  const unsubscribe = store.subscribe(() => started && sync());
  const stopNetwork = typeof window !== 'undefined' ? watchNetwork(window, store.dispatch) : () => undefined;
  // Spec §4: tokens are refreshed every 270000 ms while signed in (core/session/refresh.ts).
  const sessionKeeper = keepSessionFresh(store);
  stopSync = () => {
    unsubscribe();
    stopNetwork();
    sessionKeeper.stop();
  };

  // Spec §4 order: third-party-cookie capability (once per browser session), bootstrap, then
  // the page language's base texts, so widgets never flash untranslated; ready follows.
  await lookUpThirdPartyCookies(store.dispatch);
  const booted = await bootstrapSession(store.dispatch, store.getState);
  if (booted) await loadMessages(page.lang ?? 'en-us', ['base']).catch(() => undefined);
  started = true;
  sync();
  // Spec §4 step 4: auto-login once ready (the publisher's login cookie, when the site names one;
  // its code is its own chunk, fetched only then).
  if (booted && store.getState().session.settings?.authprovider_custom_cookie_name) {
    const { autoCookieLogin } = await import('./session/cookieLogin.ts');
    await autoCookieLogin(store.dispatch, store.getState);
  }
  // Spec §4 "Other login paths": the publisher's identity platforms on the page, when switched on.
  // Started once per page load: a vendor's handlers cannot be taken back, so a reset (same site,
  // new page) keeps the adapters running rather than stacking a second set.
  const settings = store.getState().session.settings;
  if (booted && hasDom && settings && !stopIdentity) {
    stopIdentity = startIdentity(settings, identityContext(getStore, window as never, realTimers));
  }
}

/** Teardown (spec §4): announces unready, unmounts every widget, clears the store. */
export function teardown(): void {
  teardownWith('comment');
}

function teardownWith(anchors: 'comment' | 'frozen'): void {
  stopSync?.();
  stopSync = null;
  if (anchors === 'comment') {
    stopIdentity?.();
    stopIdentity = null;
  }
  stopAnalytics();
  currentHost?.unready?.();
  widgetQueue.unready();
  widgetQueue.clear();
  resetTray();
  if (hasDom) {
    parkWidgets(anchors);
    applyPageClasses(undefined);
  }
  resetStore();
}

/** True once the session is ready and no request is under way. */
function isIdle(): boolean {
  const state = getStore().getState();
  const queries = Object.values(state[baseApi.reducerPath].queries);
  return selectSessionStatus(state) === 'ready' && !queries.some((query) => query?.status === 'pending');
}

/**
 * Reset (spec §4) = teardown + setup, for single-page apps: the page identity is read again from
 * the meta tags and every widget re-mounts on the new page. Readers keep seeing the old widgets
 * until the new ones have their data.
 */
export async function reset(page?: PageIdentity): Promise<void> {
  const host = currentHost;
  if (!host) return;
  if (!page) {
    lastRead = readPageIdentity(document, location.href);
    page = lastRead;
  }
  teardownWith('frozen');
  const ready = setup(host, page);
  await remountWidgets(isIdle);
  await ready;
}

/** `vf.loadNewPage({ path } | { url })`: the page moved to a new address (core/mount/newPage.ts). */
export async function loadNewPage(target: unknown): Promise<void> {
  const address = newPageAddress(target, location.href);
  const { page, read } = pageForAddress(document, address, lastRead);
  lastRead = read;
  await reset(page);
}

export { trayApi as tray } from './mount/tray.ts';
export { pageSettled as settled } from './mount/settled.ts';
/** `vf.session.login.*`: the publisher's login paths, a chunk of their own fetched on first use. */
const loginApi = () => import('./global-api/login.ts').then((module) => module.loginApi);
export const login = {
  cookie: (token?: unknown) => loginApi().then((api) => api.cookie(token)),
  jwt: (token: unknown) => loginApi().then((api) => api.jwt(token)),
  openIdConnect: (idToken: unknown, nonce?: unknown) => loginApi().then((api) => api.openIdConnect(idToken, nonce)),
  social: (type: unknown) => loginApi().then((api) => api.social(type)),
};

/** The loader could not load `kind`'s chunk: a translated message with Retry in its elements. */
export function showChunkError(kind: string, error: unknown, retry: () => void): void {
  console.warn(`vf: <${kind}> did not load`, error);
  const lang = getStore().getState().page.identity?.lang ?? 'en-us';
  void showChunkErrorNotice(kind, lang, retry);
}

/** Retries a failed startup; resolves true once the session is ready. */
export function retryBootstrap(): Promise<boolean> {
  const store = getStore();
  return bootstrapSession(store.dispatch, store.getState);
}

/** The host `start` was given (null before start). */
export function getHost(): LoaderHost | null {
  return currentHost;
}
