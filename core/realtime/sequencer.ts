/**
 * Exactly-once, in-order application of realtime events (docs/api.md "Catch-up"). Every event
 * carries its container's sequence number (1, 2, 3… without gaps). Per container this keeps the
 * last applied number; an event at last + 1 is applied, an older one is a duplicate and dropped,
 * a newer one is held until the gap before it has been fetched with the catch-up call.
 * Pure (no I/O): the middleware feeds it socket frames and catch-up pages.
 */
import type { ContentEvent } from '../api/types.ts';

export interface Step {
  /** Events to apply now, in order. */
  apply: ContentEvent[];
  /** Set when events are missing: fetch the ones after this number. */
  fetchAfter: number | null;
}

/** Held events per container stop growing here: past it, the catch-up call fills in anyway. */
const MAX_HELD = 500;

export class EventSequencer {
  private readonly last = new Map<string, number>();
  private readonly held = new Map<string, Map<number, ContentEvent>>();

  lastSeq(container: string): number | undefined {
    return this.last.get(container);
  }

  /** An event from the socket or a catch-up page. */
  receive(event: ContentEvent): Step {
    const container = event.content_container_uuid;
    const last = this.last.get(container);
    if (typeof event.seq !== 'number') return { apply: [event], fetchAfter: null }; // an old server: no ordering
    if (last === undefined) {
      // No starting point yet (the subscribe reply is on its way): this event is the start.
      this.last.set(container, event.seq);
      return { apply: [event, ...this.drain(container)], fetchAfter: null };
    }
    if (event.seq <= last) return { apply: [], fetchAfter: null };
    if (event.seq === last + 1) {
      this.last.set(container, event.seq);
      return { apply: [event, ...this.drain(container)], fetchAfter: null };
    }
    let held = this.held.get(container);
    if (!held) this.held.set(container, (held = new Map()));
    if (held.size < MAX_HELD) held.set(event.seq, event);
    return { apply: [], fetchAfter: last };
  }

  /**
   * The server's latest number for a container (subscribe reply, catch-up page). The first one
   * is the starting point; a later, larger one means events were missed.
   */
  latest(container: string, seq: number): Step {
    const last = this.last.get(container);
    if (last === undefined) {
      this.last.set(container, seq);
      return { apply: this.drain(container), fetchAfter: null };
    }
    return { apply: [], fetchAfter: seq > last || (this.held.get(container)?.size ?? 0) > 0 ? last : null };
  }

  /**
   * A list read at event `seq` (comment list responses carry it). Returns the number to catch up
   * from when events after it may be missing from what the page shows, else null. Re-applying
   * an event the list already reflects is harmless: `created` dedupes by uuid, like totals are
   * absolute.
   */
  baseline(container: string, seq: number): number | null {
    const last = this.last.get(container);
    if (last === undefined) {
      this.last.set(container, seq);
      return null;
    }
    if (seq >= last) return null;
    this.last.set(container, seq);
    return seq;
  }

  /** The events after `seq` are gone from the log: the caller reloads, and we continue from `seq`. */
  restartAt(container: string, seq: number): void {
    this.last.set(container, seq);
    this.drain(container);
  }

  forget(container: string): void {
    this.last.delete(container);
    this.held.delete(container);
  }

  /** Held events that became applicable (consecutive after last); drops those now outdated. */
  private drain(container: string): ContentEvent[] {
    const held = this.held.get(container);
    if (!held) return [];
    const out: ContentEvent[] = [];
    let last = this.last.get(container)!;
    for (;;) {
      const next = held.get(last + 1);
      if (!next) break;
      held.delete(last + 1);
      out.push(next);
      last += 1;
    }
    this.last.set(container, last);
    for (const seq of held.keys()) if (seq <= last) held.delete(seq);
    if (held.size === 0) this.held.delete(container);
    return out;
  }
}
