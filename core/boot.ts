/**
 * The `core` chunk's entry: `start(host)` from the loader (docs/client-internals.md).
 * Order (spec §4 Startup): config, store, page, bootstrap, contexts, then ready. A failed
 * bootstrap leaves the session `failed` (elements show an error with retry); ready is
 * signalled when a bootstrap — first or retried — succeeds.
 */
import { configure } from './config.ts';
import { getStore } from './store/index.ts';
import { pageIdentified } from './page/slice.ts';
import { bootstrapSession } from './session/bootstrap.ts';
import { lookUpThirdPartyCookies } from './session/thirdPartyCookies.ts';
import { watchNetwork } from './network/slice.ts';
import { loadMessages } from './i18n/index.ts';
import { selectCurrentUser, selectSessionStatus } from './session/slice.ts';
import { setPublisher } from './global-api/bus.ts';
import { toUserContext } from './global-api/userContext.ts';
import type { LoaderHost } from './loader/host.ts';

export type { LoaderHost } from './loader/host.ts';

let currentHost: LoaderHost | null = null;

export async function start(host: LoaderHost): Promise<void> {
  currentHost = host;
  configure({ origin: host.origin });
  setPublisher(host.publish);
  const store = getStore();
  store.dispatch(pageIdentified(host.page));
  host.setContext('page', { ...host.page, id: host.page.unique_id ?? host.page.container_id ?? host.page.url });

  // Contexts follow the store: the user context changes with login/logout, and ready is
  // signalled the first time the session becomes ready (also after a retried bootstrap).
  let signalled = false;
  let lastUser: unknown = undefined;
  const sync = () => {
    const state = store.getState();
    if (selectSessionStatus(state) !== 'ready') return;
    const user = selectCurrentUser(state);
    if (user !== lastUser) {
      lastUser = user;
      host.setContext('user', toUserContext(user));
    }
    if (!signalled) {
      signalled = true;
      host.setContext('notifications', { counts: { new: 0 } });
      host.ready();
    }
  };
  let started = false;
  store.subscribe(() => started && sync());

  if (typeof window !== 'undefined') watchNetwork(window, store.dispatch);
  // Spec §4 order: third-party-cookie capability (once per browser session), bootstrap, then
  // the page language's base texts, so widgets never flash untranslated; ready follows.
  await lookUpThirdPartyCookies(store.dispatch);
  const booted = await bootstrapSession(store.dispatch, store.getState);
  if (booted) await loadMessages(host.page.lang ?? 'en-us', ['base']).catch(() => undefined);
  started = true;
  sync();
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
