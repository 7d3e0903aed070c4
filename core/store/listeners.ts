/**
 * Side effects that follow actions (RTK listener middleware). Signing out — by the logout call
 * or by a failed token refresh — refetches cached lists so per-user `actions` reset.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/base.ts';
import { loggedOut } from '../session/slice.ts';
import { listenForNotifications } from '../notifications/live.ts';

export function createAppListeners() {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.invalidateTags(['Comments', 'Thread', 'User']));
    },
  });
  listenForNotifications(listeners);
  return listeners;
}
