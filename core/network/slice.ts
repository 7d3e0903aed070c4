/** Online / offline state of the browser, committed to the store (spec §4 Startup). */
import { createSlice } from '@reduxjs/toolkit';

export interface NetworkState {
  isOnline: boolean;
}

const initialState = (): NetworkState => ({
  isOnline: typeof navigator === 'undefined' || navigator.onLine !== false,
});

export const networkSlice = createSlice({
  name: 'network',
  initialState,
  reducers: {
    wentOnline(state) {
      state.isOnline = true;
    },
    wentOffline(state) {
      state.isOnline = false;
    },
  },
});

export const { wentOnline, wentOffline } = networkSlice.actions;

export const selectIsOnline = (state: { network: NetworkState }): boolean => state.network.isOnline;

type Listening = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Follows the window's online/offline events; returns the function that stops it. */
export function watchNetwork(target: Listening, dispatch: (action: unknown) => unknown): () => void {
  const online = () => dispatch(wentOnline());
  const offline = () => dispatch(wentOffline());
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}
