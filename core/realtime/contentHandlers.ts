/**
 * Which code patches the caches for an event, by its content type (docs/api.md "Realtime"):
 * each service registers its handler once, from the module that defines its caches, so the
 * core chunk does not carry a live blog's code for a page that only shows comments.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ContentEvent, EventContentType } from '../api/types.ts';
import type { ModerationEvent } from '../moderation/types.ts';

export type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

export interface ContentHandler {
  /** Applies one event (in order, exactly once: the sequencer sees to it) to the service's caches. */
  apply(dispatch: Dispatch, getState: () => unknown, event: ContentEvent): void;
  /**
   * A list answer that says at which event number it was read (`latest_seq`): the container and
   * the oldest such number, so realtime fetches what happened since (catchUp.ts `baseline`).
   */
  baseline?(action: UnknownAction): { containerUuid: string; seq: number } | null;
}

const handlers = new Map<EventContentType, ContentHandler>();

export function registerContentHandler(types: readonly EventContentType[], handler: ContentHandler): void {
  for (const type of types) handlers.set(type, handler);
}

export function contentHandlerFor(type: EventContentType): ContentHandler | undefined {
  return handlers.get(type);
}

/** Every registered handler once (one handler may serve several content types). */
export function contentHandlers(): ContentHandler[] {
  return [...new Set(handlers.values())];
}

/** The oldest event number among list pages just fetched (what they are known to reflect). */
export function listBaseline(data: { pages?: Array<{ latest_seq?: number }> }): number | null {
  const seqs = (data.pages ?? []).map((page) => page.latest_seq).filter((seq): seq is number => typeof seq === 'number');
  return seqs.length ? Math.min(...seqs) : null;
}

/** Applies a moderation frame's event (docs/moderation.md "Live"): registered by the queue's endpoints' module. */
export type ModerationHandler = (dispatch: Dispatch, getState: () => unknown, event: ModerationEvent) => void;
let moderationHandler: ModerationHandler | null = null;

export function registerModerationHandler(handler: ModerationHandler): void {
  moderationHandler = handler;
}

export function moderationHandlerFor(): ModerationHandler | null {
  return moderationHandler;
}
