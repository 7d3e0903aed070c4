/**
 * Realtime subscriptions, keyed by subscription id (spec §4 "Realtime subscription status").
 * Status machine per subscription: none → subscribing → subscribed | error_subscribing;
 * the last subscriber leaving → unsubscribing → removed; socket close → none (resubscribed on reopen);
 * reconnect retries used up → error_subscribing, until a retry (the widget's button, going online,
 * the tab becoming visible) → subscribing.
 * Apart from that, `behind` names the containers whose catch-up failed and has not succeeded yet
 * (catchUp.ts retries it): the page knows it misses events there, so their subscriptions show as
 * paused (`selectLiveStatus`) whatever the socket's state.
 * The socket itself lives in middleware.ts; this slice is what it and the hooks agree on.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContentEvent, RealtimeRule } from '../api/types.ts';
import { ruleContainers } from './subscriptionId.ts';

export type SubscriptionStatus = 'none' | 'subscribing' | 'subscribed' | 'unsubscribing' | 'error_subscribing';
export type ConnectionStatus = 'closed' | 'connecting' | 'open';

export interface Subscription {
  id: string;
  rules: RealtimeRule[];
  status: SubscriptionStatus;
  subscribers: number;
  /** Also typing and presence for its containers (signals.ts); part of its id. */
  signals?: boolean;
}

export interface RealtimeState {
  connection: ConnectionStatus;
  /** Reconnect attempts since the socket was last open. */
  retries: number;
  subscriptions: Record<string, Subscription>;
  /** Containers (by uuid) whose missed events could not be fetched yet. */
  behind: Record<string, true>;
}

const initialState: RealtimeState = { connection: 'closed', retries: 0, subscriptions: {}, behind: {} };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    subscribeRequested(state, action: PayloadAction<{ id: string; rules: RealtimeRule[]; signals?: boolean }>) {
      const { id, rules, signals } = action.payload;
      const sub = (state.subscriptions[id] ??= { id, rules, status: 'none', subscribers: 0, ...(signals && { signals }) });
      sub.subscribers += 1;
      if (sub.status !== 'subscribing' && sub.status !== 'subscribed') sub.status = 'subscribing';
    },
    unsubscribeRequested(state, action: PayloadAction<{ id: string }>) {
      const sub = state.subscriptions[action.payload.id];
      if (!sub) return;
      sub.subscribers = Math.max(0, sub.subscribers - 1);
      if (sub.subscribers === 0) sub.status = 'unsubscribing';
    },
    subscribed(state, action: PayloadAction<{ id: string }>) {
      const sub = state.subscriptions[action.payload.id];
      if (sub?.status === 'subscribing') sub.status = 'subscribed';
    },
    subscribeFailed(state, action: PayloadAction<{ id: string }>) {
      const sub = state.subscriptions[action.payload.id];
      if (sub?.status === 'subscribing') sub.status = 'error_subscribing';
    },
    unsubscribed(state, action: PayloadAction<{ id: string }>) {
      const sub = state.subscriptions[action.payload.id];
      if (sub?.status === 'unsubscribing') delete state.subscriptions[action.payload.id];
    },
    /** An event frame; the middleware patches the caches, the slice keeps nothing of it. */
    eventReceived(_state, _action: PayloadAction<{ subscriptionId: string; event: ContentEvent }>) {},
    socketConnecting(state) {
      state.connection = 'connecting';
    },
    socketOpened(state) {
      state.connection = 'open';
      state.retries = 0;
      for (const sub of Object.values(state.subscriptions)) {
        if (sub.status === 'none' && sub.subscribers > 0) sub.status = 'subscribing';
      }
    },
    socketClosed(state) {
      state.connection = 'closed';
      for (const [id, sub] of Object.entries(state.subscriptions)) {
        if (sub.status === 'unsubscribing') delete state.subscriptions[id];
        else sub.status = 'none';
      }
    },
    reconnectScheduled(state) {
      state.retries += 1;
    },
    /** Every reconnect attempt failed: the widgets say live updates are paused. */
    reconnectGaveUp(state) {
      for (const sub of Object.values(state.subscriptions)) {
        if (sub.subscribers > 0 && sub.status === 'none') sub.status = 'error_subscribing';
      }
    },
    /** Try again now (a Retry button, the browser back online, the tab visible again). */
    retryRequested(state) {
      state.retries = 0;
      for (const sub of Object.values(state.subscriptions)) {
        if (sub.subscribers > 0 && (sub.status === 'none' || sub.status === 'error_subscribing')) sub.status = 'subscribing';
      }
    },
    /** A container's catch-up failed: events are missing there until a retry succeeds. */
    catchUpFailed(state, action: PayloadAction<{ container: string }>) {
      state.behind[action.payload.container] = true;
    },
    /** The container's catch-up succeeded, or its retries stopped (nobody watches it any more). */
    catchUpSettled(state, action: PayloadAction<{ container: string }>) {
      delete state.behind[action.payload.container];
    },
    /** The store is going away: the middleware closes the socket; nothing is kept. */
    teardownRequested() {
      return initialState;
    },
  },
});

export const {
  subscribeRequested, unsubscribeRequested, subscribed, subscribeFailed, unsubscribed, eventReceived,
  socketConnecting, socketOpened, socketClosed, reconnectScheduled, reconnectGaveUp, retryRequested, catchUpFailed, catchUpSettled,
  teardownRequested,
} = realtimeSlice.actions;

type WithRealtime = { realtime: RealtimeState };

export const selectSubscription = (state: WithRealtime, id: string): Subscription | undefined =>
  state.realtime.subscriptions[id];
export const selectConnection = (state: WithRealtime): ConnectionStatus => state.realtime.connection;

/** The subscription has subscribers and watches `container` (its widgets want its events). */
export const watchesContainer = (sub: Subscription, container: string): boolean =>
  sub.subscribers > 0 && sub.status !== 'unsubscribing' && ruleContainers(sub.rules).includes(container);

/**
 * The status a widget shows for a subscription: its own, except `error_subscribing` (live updates
 * paused) while one of its containers is behind — the page knows it misses events there.
 */
export const selectLiveStatus = (state: WithRealtime, id: string): SubscriptionStatus => {
  const sub = state.realtime.subscriptions[id];
  if (!sub) return 'none';
  const { behind } = state.realtime;
  if (Object.keys(behind).some((container) => watchesContainer(sub, container))) {
    return 'error_subscribing';
  }
  return sub.status;
};

/** Some subscription is in error (subscribe refused or timed out, reconnecting gave up, or behind). */
export const selectRealtimePaused = (state: WithRealtime): boolean =>
  Object.values(state.realtime.subscriptions).some((sub) => sub.subscribers > 0 && selectLiveStatus(state, sub.id) === 'error_subscribing');
