/**
 * The push opt-in's state machine (content.md §4 "Push"): `ready` once the worker is registered,
 * then `subscribed` or `unsubscribed` from the stored server setting; subscribe or unsubscribe go
 * through `processing` to `subscribed`/`unsubscribed`, or to `failed`, which can be retried. A
 * login starts a new machine at `ready` (the element keys it by user) and the setting is requested
 * again. Pure: no browser, no store.
 */

export type PushStatus = 'ready' | 'subscribed' | 'unsubscribed' | 'processing' | 'failed';
/** Request status (content.md §4). */
export type PushRequest = 'none' | 'pending' | 'success' | 'error';
export type PushIntent = 'subscribe' | 'unsubscribe';
/** Why `failed`: the spec's errors (content.md §8), each a translated text in the element. */
export type PushFailure = 'subscribe' | 'unsubscribe' | 'timeout' | 'unknown';

export interface PushState {
  status: PushStatus;
  request: PushRequest;
  /** The last subscribe or unsubscribe asked for: what Retry does again. */
  intent: PushIntent | null;
  failure: PushFailure | null;
  /** The browser's notification permission (a NotAllowedError moves it to denied). */
  permission: NotificationPermission;
}

export type PushEvent =
  | { type: 'settingLoaded'; on: boolean }
  | { type: 'started'; intent: PushIntent }
  | { type: 'succeeded' }
  | { type: 'failed'; failure: PushFailure }
  | { type: 'permissionChanged'; permission: NotificationPermission };

export function initialPushState(permission: NotificationPermission): PushState {
  return { status: 'ready', request: 'none', intent: null, failure: null, permission };
}

export function pushReducer(state: PushState, event: PushEvent): PushState {
  switch (event.type) {
    case 'settingLoaded':
      // The stored setting is followed when it changes, but never undoes a change under way or a failure shown.
      if (state.status === 'processing' || state.status === 'failed') return state;
      return { ...state, status: event.on ? 'subscribed' : 'unsubscribed' };
    case 'started':
      if (state.status === 'processing') return state;
      return { ...state, status: 'processing', request: 'pending', intent: event.intent, failure: null };
    case 'succeeded':
      if (state.status !== 'processing') return state;
      return { ...state, status: state.intent === 'subscribe' ? 'subscribed' : 'unsubscribed', request: 'success' };
    case 'failed':
      if (state.status !== 'processing') return state;
      return { ...state, status: 'failed', request: 'error', failure: event.failure };
    case 'permissionChanged':
      return { ...state, permission: event.permission };
  }
}
