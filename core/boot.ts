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
  store.subscribe(sync);

  await bootstrapSession(store.dispatch, store.getState);
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
