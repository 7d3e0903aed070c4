/**
 * The page's one realtime socket (docs/api.md "Realtime"), owned by middleware. Opened lazily
 * on the first subscription once the site uuid is known; `globalThis.WebSocket` is looked up at
 * connect time so tests can put mock-socket in front of it. Keep-alive every 30 s while open;
 * subscribe replies time out after 5 s; on close, reconnect up to 5 times with back-off + jitter,
 * then the subscriptions go to error (the widgets offer a retry). Going online or the tab becoming
 * visible reconnects, or, with the socket still open, checks for missed events. Events are applied
 * exactly once and in order per container (sequencer.ts), gaps filled by the catch-up call,
 * which is retried with back-off while it fails (catchUp.ts); Retry also retries it at once.
 * Typing and presence frames, and the reader's typing, go through signals.ts; `notification` frames
 * become `notifications/noticeReceived` (core/notifications/live.ts); `moderation` frames go to the
 * moderation queue's handler (core/api/moderationLive.ts), unsequenced.
 */
import type { Middleware, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ClientFrame, ServerFrame } from '../api/types.ts';
import { getConfig } from '../config.ts';
import { readAccessToken } from '../session/storage.ts';
import { baseApi } from '../api/base.ts';
import type { SessionState } from '../session/slice.ts';
import type { RetryOptions } from './retries.ts';
import { backoffDelay } from './backoff.ts';
import { createCatchUp } from './catchUp.ts';
import { contentHandlers, moderationHandlerFor } from './contentHandlers.ts';
import { applyContentEvent } from './events.ts';
import { watchPage } from './pageSignals.ts';
import { EventSequencer } from './sequencer.ts';
import { createSignals, sendTyping, type SignalsState } from './signals.ts';
import {
  eventReceived, reconnectGaveUp, reconnectScheduled, retryRequested, subscribeRequested, unsubscribeRequested, socketClosed, socketConnecting,
  socketOpened, subscribeFailed, subscribed, teardownRequested, unsubscribed, watchesContainer, type RealtimeState,
} from './slice.ts';
import { ruleContainers } from './subscriptionId.ts';
import { noticeReceived } from '../notifications/slice.ts';

export const KEEP_ALIVE_MS = 30000;
export const SUBSCRIBE_TIMEOUT_MS = 5000;
export const MAX_RETRIES = 5;
/** Subscriptions the server grants only to some users: their subscribe frame carries the access token. */
const STAFF_RULES = new Set(['moderation_section_uuid']);
const OPEN = 1;

/** Actions after which the socket may need opening or frames sending. */
const SYNC_TRIGGERS = new Set<string>([
  subscribeRequested.type, unsubscribeRequested.type, socketOpened.type, retryRequested.type, 'session/bootstrapped',
]);

/** `signals` is optional: a store without that slice (some tests) just keeps no signals. */
type State = { realtime: RealtimeState; session: SessionState; signals?: SignalsState };
type Dispatch = ThunkDispatch<State, unknown, UnknownAction>;

/** `catchUp`: timers and randomness for the catch-up's retries (tests pass manual ones). */
export function createRealtimeMiddleware({ catchUp: catchUpOptions }: { catchUp?: RetryOptions } = {}): Middleware<{}, State, Dispatch> {
  let socket: WebSocket | null = null;
  let keepAlive: ReturnType<typeof setInterval> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Subscribe frames sent and awaiting their reply, with their time-out. */
  const pending = new Map<string, ReturnType<typeof setTimeout>>();

  let unwatchPage: (() => void) | null = null;

  return (api) => {
    const sequencer = new EventSequencer();
    /** Some subscription with subscribers watches the container. */
    const watching = (container: string) => Object.values(api.getState().realtime.subscriptions).some((sub) => watchesContainer(sub, container));
    const catchUp = createCatchUp(api.dispatch, sequencer, () => api.getState().session.sectionUuid, { ...catchUpOptions, watching });

    /** Online again or the tab visible again: reconnect now, or look for events missed while asleep. */
    const wake = () => {
      const { subscriptions } = api.getState().realtime;
      if (socket && socket.readyState === OPEN) {
        for (const sub of Object.values(subscriptions)) {
          if (sub.status === 'subscribed') ruleContainers(sub.rules).forEach((c) => catchUp.check(c));
        }
      } else if (wanted()) {
        api.dispatch(retryRequested()); // fresh retries; the sync after it connects
      }
    };

    const send = (frame: ClientFrame): boolean => {
      // Spec §7: sending fails while the socket is not open — cleanly, never a throw.
      if (!socket || socket.readyState !== OPEN) return false;
      try {
        socket.send(JSON.stringify(frame));
        return true;
      } catch {
        return false;
      }
    };

    const signals = createSignals(api.dispatch, api.getState, send);

    const stopTimers = () => {
      if (keepAlive) clearInterval(keepAlive);
      keepAlive = null;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      signals.stop();
    };

    const wanted = () => Object.values(api.getState().realtime.subscriptions).some((s) => s.subscribers > 0);

    const connect = () => {
      const sectionUuid = api.getState().session.sectionUuid;
      const WebSocketImpl = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
      if (!sectionUuid || !WebSocketImpl) return;
      unwatchPage ??= watchPage(wake);
      api.dispatch(socketConnecting());
      let ws: WebSocket;
      try {
        ws = new WebSocketImpl(`${getConfig().realtimeUrl}?site_uuid=${encodeURIComponent(sectionUuid)}`);
      } catch {
        onClose();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        if (socket !== ws) return;
        keepAlive = setInterval(() => send({ type: 'keep_alive' }), KEEP_ALIVE_MS);
        api.dispatch(socketOpened());
      };
      ws.onmessage = (message) => {
        if (socket === ws) receive(message.data);
      };
      ws.onclose = () => {
        if (socket === ws) onClose();
      };
      ws.onerror = () => {
        // A close always follows an error; reconnection is handled there.
      };
    };

    const onClose = () => {
      socket = null;
      stopTimers();
      api.dispatch(socketClosed());
      const { retries } = api.getState().realtime;
      if (!wanted() || reconnectTimer) return;
      // Offline: no attempt can succeed; the `online` event reconnects.
      if (retries >= MAX_RETRIES || (globalThis as { navigator?: Navigator }).navigator?.onLine === false) {
        api.dispatch(reconnectGaveUp());
        return;
      }
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        if (!socket && wanted()) connect();
      }, backoffDelay(retries));
      api.dispatch(reconnectScheduled());
    };

    const receive = (raw: unknown) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(raw)) as ServerFrame;
      } catch {
        return;
      }
      if (frame.type === 'subscribe_success') {
        clearTimeout(pending.get(frame.subscription_id));
        pending.delete(frame.subscription_id);
        api.dispatch(subscribed({ id: frame.subscription_id }));
        // The starting point, or after a reconnect the proof of what was missed.
        for (const [container, seq] of Object.entries(frame.seqs ?? {})) {
          catchUp.run(container, sequencer.latest(container, seq), frame.subscription_id);
        }
      } else if (frame.type === 'event' && frame.data) {
        catchUp.run(frame.data.content_container_uuid, sequencer.receive(frame.data), frame.subscription_id);
      } else if (frame.type === 'moderation' && frame.data) {
        moderationHandlerFor()?.(api.dispatch, api.getState, frame.data);
      } else if (frame.type === 'notification' && frame.data) {
        api.dispatch(noticeReceived(frame.data));
      } else if (frame.type === 'typing' || frame.type === 'presence') {
        signals.receive(frame);
      } else if (frame.type === 'error' && frame.subscription_id) {
        clearTimeout(pending.get(frame.subscription_id));
        pending.delete(frame.subscription_id);
        api.dispatch(subscribeFailed({ id: frame.subscription_id }));
      }
    };

    let syncing = false;
    let syncAgain = false;
    /** Brings the socket and the server's subscriptions in line with the slice (not re-entrant). */
    const sync = () => {
      if (syncing) {
        syncAgain = true;
        return;
      }
      syncing = true;
      try {
        do {
          syncAgain = false;
          syncOnce();
        } while (syncAgain);
      } finally {
        syncing = false;
      }
    };

    const syncOnce = () => {
      const { subscriptions } = api.getState().realtime;
      for (const sub of Object.values(subscriptions)) {
        if (sub.status === 'unsubscribing') {
          clearTimeout(pending.get(sub.id));
          pending.delete(sub.id);
          send({ type: 'unsubscribe', subscription_id: sub.id });
          if (sub.signals) signals.ended(sub);
          api.dispatch(unsubscribed({ id: sub.id }));
        } else if (sub.status === 'subscribing' && !pending.has(sub.id)) {
          // Not open yet: the subscription stays queued and goes out from socketOpened.
          const frame: ClientFrame = { type: 'subscribe', subscription_id: sub.id, filter: { one_of: sub.rules }, ...(sub.signals && { signals: true }) };
          // Rules only staff may use (the moderation queue's) go with the viewer's token.
          const token = sub.rules.some((rule) => STAFF_RULES.has(rule.key)) ? readAccessToken() : null;
          if (!send(token ? { ...frame, access_token: token } : frame)) continue;
          pending.set(
            sub.id,
            setTimeout(() => {
              pending.delete(sub.id);
              api.dispatch(subscribeFailed({ id: sub.id }));
            }, SUBSCRIBE_TIMEOUT_MS),
          );
        }
      }
      if (!socket && !reconnectTimer && wanted()) connect();
    };

    return (next) => (action) => {
      // Dispatched per keystroke: handled here and not passed on, so no store update follows.
      if (sendTyping.match(action)) return signals.type(action.payload), action;
      const result = next(action);
      if (teardownRequested.match(action)) {
        if (reconnectTimer) clearTimeout(reconnectTimer);
        reconnectTimer = null;
        unwatchPage?.();
        unwatchPage = null;
        stopTimers();
        catchUp.stop();
        const ws = socket;
        socket = null; // its close event is ignored: socket !== ws
        ws?.close();
      } else if (eventReceived.match(action)) {
        applyContentEvent(api.dispatch, api.getState, action.payload.event);
      } else if (isFulfilledQuery(action)) {
        // A list read at some event number: catch up from there (each service says which lists).
        for (const handler of contentHandlers()) {
          const read = handler.baseline?.(action);
          if (read) catchUp.baseline(read.containerUuid, read.seq);
        }
      } else if (unsubscribed.match(action) || socketClosed.match(action)) {
        catchUp.prune(); // a subscription went: its containers' retries may stop
      } else if (SYNC_TRIGGERS.has((action as { type?: unknown }).type as string)) {
        if (retryRequested.match(action)) {
          catchUp.retryNow();
          if (reconnectTimer) clearTimeout(reconnectTimer); // connect now rather than at the scheduled attempt
          reconnectTimer = null;
        }
        sync();
      }
      return result;
    };
  };
}

/** An RTK Query read (query or infinite query) that just answered: the only actions a list baseline comes from. */
const QUERY_FULFILLED = `${baseApi.reducerPath}/executeQuery/fulfilled`;
function isFulfilledQuery(action: unknown): action is UnknownAction {
  return (action as { type?: unknown }).type === QUERY_FULFILLED;
}
