/**
 * Typing and presence (docs/api.md "Signals"), for subscriptions made with signals
 * (`useContainerSubscription(uuid, { signals: true })`). The middleware puts the typing and
 * presence frames here and sends the reader's own typing: dispatch `sendTyping(container)` on
 * each keystroke; one frame per TYPING_SEND_MS per container goes out, only while subscribed with
 * signals on an open socket. Typing is kept as timestamps per typist; the middleware drops each
 * one when it gets TYPING_SHOW_MS old, so a widget's count changes (and it re-renders) only when
 * someone starts or stops typing. Nothing is kept after an unsubscribe or a disconnect.
 */
import { createAction, createSlice, type PayloadAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { ClientFrame, ServerFrame } from '../api/types.ts';
import { socketClosed, teardownRequested, watchesContainer, type RealtimeState, type Subscription } from './slice.ts';
import { ruleContainers } from './subscriptionId.ts';

export const TYPING_SEND_MS = 3000;
export const TYPING_SHOW_MS = 5000;

export interface SignalsState {
  /** Container → typist → when its last typing frame arrived (ms). */
  typing: Record<string, Record<string, number>>;
  /** Container → sockets with signals there, on every server process. */
  presence: Record<string, number>;
}

const initialState: SignalsState = { typing: {}, presence: {} };

/** The reader typed in the container (the middleware throttles and sends it; no state changes). */
export const sendTyping = createAction<string>('signals/sendTyping');

export const signalsSlice = createSlice({
  name: 'signals',
  initialState,
  reducers: {
    typingReceived(state, { payload }: PayloadAction<{ container: string; typist: string; at: number }>) {
      (state.typing[payload.container] ??= {})[payload.typist] = payload.at;
    },
    presenceReceived(state, { payload }: PayloadAction<{ container: string; count: number }>) {
      state.presence[payload.container] = payload.count;
    },
    /** No signals subscription watches these containers any more. */
    signalsEnded(state, { payload }: PayloadAction<string[]>) {
      for (const container of payload) {
        delete state.typing[container];
        delete state.presence[container];
      }
    },
    /** Drops the typists whose last frame is TYPING_SHOW_MS old at `now`. */
    typingExpired(state, { payload: now }: PayloadAction<number>) {
      for (const [container, typists] of Object.entries(state.typing)) {
        for (const [typist, at] of Object.entries(typists)) if (now - at >= TYPING_SHOW_MS) delete typists[typist];
        if (Object.keys(typists).length === 0) delete state.typing[container];
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(socketClosed, () => initialState).addCase(teardownRequested, () => initialState);
  },
});

export const { typingReceived, presenceReceived, signalsEnded, typingExpired } = signalsSlice.actions;

type WithSignals = { signals: SignalsState };

/** Distinct others typing in the container in the last TYPING_SHOW_MS (the server never echoes one's own). */
export const selectTypingCount = (state: WithSignals, containerUuid: string, now = Date.now()): number =>
  Object.values(state.signals.typing[containerUuid] ?? {}).filter((at) => now - at < TYPING_SHOW_MS).length;

/** Sockets with signals for the container on every server process; null until the server said. */
export const selectPresence = (state: WithSignals, containerUuid: string): number | null => state.signals.presence[containerUuid] ?? null;

type State = Partial<WithSignals> & { realtime: RealtimeState };
type SignalFrame = Extract<ServerFrame, { type: 'typing' | 'presence' }>;

/** The middleware's side of signals (middleware.ts): frames in, typing out, expiry timer. */
export function createSignals(dispatch: ThunkDispatch<State, unknown, UnknownAction>, getState: () => State, send: (frame: ClientFrame) => boolean) {
  const lastSent = new Map<string, number>();
  let expiry: ReturnType<typeof setTimeout> | null = null;
  const withSignals = (sub: Subscription | undefined): sub is Subscription => !!sub?.signals;

  const times = () => Object.values(getState().signals?.typing ?? {}).flatMap((typists) => Object.values(typists));
  /** Drops the stale typists (a store update only when there are some), then waits for the next to go stale. */
  const expire = () => {
    const now = Date.now();
    if (times().some((at) => now - at >= TYPING_SHOW_MS)) dispatch(typingExpired(now));
    const left = times();
    expiry = left.length ? setTimeout(expire, Math.min(...left) + TYPING_SHOW_MS - now) : null;
  };

  return {
    receive(frame: SignalFrame) {
      const sub = getState().realtime.subscriptions[frame.subscription_id];
      if (!withSignals(sub) || sub.status !== 'subscribed') return; // late, after an unsubscribe
      const container = frame.content_container_uuid;
      if (frame.type === 'presence') return void dispatch(presenceReceived({ container, count: frame.count }));
      dispatch(typingReceived({ container, typist: frame.typist, at: Date.now() }));
      expiry ??= setTimeout(expire, TYPING_SHOW_MS);
    },
    type(container: string) {
      const now = Date.now();
      if (now - (lastSent.get(container) ?? -Infinity) < TYPING_SEND_MS) return;
      const { subscriptions } = getState().realtime;
      const subscribed = Object.values(subscriptions).some((sub) => withSignals(sub) && sub.status === 'subscribed' && watchesContainer(sub, container));
      if (subscribed && send({ type: 'typing', content_container_uuid: container })) lastSent.set(container, now);
    },
    /** A signals subscription is going: forget its containers that no other one watches. */
    ended(gone: Subscription) {
      const others = Object.values(getState().realtime.subscriptions).filter((sub) => sub.id !== gone.id && withSignals(sub));
      dispatch(signalsEnded(ruleContainers(gone.rules).filter((c) => !others.some((sub) => watchesContainer(sub, c)))));
    },
    /** The socket closed or the store goes (the slice clears itself on those). */
    stop() {
      lastSent.clear();
      if (expiry) clearTimeout(expiry);
      expiry = null;
    },
  };
}
