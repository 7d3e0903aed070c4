/**
 * The page's one store, shared by every element (their chunks import this module, which
 * rollup puts in a shared chunk). Created lazily on first use.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base.ts';
import { pageSlice } from '../page/slice.ts';
import { createRealtimeMiddleware } from '../realtime/middleware.ts';
import { realtimeSlice, teardownRequested } from '../realtime/slice.ts';
import { signalsSlice } from '../realtime/signals.ts';
import { sessionSlice } from '../session/slice.ts';
import { networkSlice } from '../network/slice.ts';
import { visibilitySlice } from '../visibility/slice.ts';
import { createAppListeners } from './listeners.ts';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionSlice.reducer,
  page: pageSlice.reducer,
  realtime: realtimeSlice.reducer,
  signals: signalsSlice.reducer,
  network: networkSlice.reducer,
  visibility: visibilitySlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** How its API calls reach the server (the server's first paint calls itself in-process); the platform's fetch by default. */
  fetch?: typeof fetch;
}

export function createAppStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: options } })
        .prepend(createAppListeners().middleware)
        .concat(baseApi.middleware, createRealtimeMiddleware()),
    // RTK Query's answers still notify subscribers once per batch, but at the end of the task
    // rather than at the next animation frame: arrived comments render at once (up to a frame
    // sooner) and a background tab, which gets no frames, stays current.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

let store: AppStore | null = null;

export function getStore(): AppStore {
  store ??= createAppStore();
  return store;
}

/** Drops the page's store (tests, teardown): the socket closes, cached data goes. */
export function resetStore(): void {
  store?.dispatch(teardownRequested());
  store?.dispatch(baseApi.util.resetApiState());
  store = null;
}
