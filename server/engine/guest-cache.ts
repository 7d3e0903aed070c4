/**
 * The guest cache (docs/server.md "Guest cache", docs/performance.md): a guest's list request
 * is the same for every guest, so its serialised answer is kept and sent again with no database
 * read and no JSON.stringify. Readers with an account never use it (their own held comments,
 * their likes and mutes are theirs).
 *
 * An entry is valid while
 * - its container's latest event number is still the one it was read at: the hub tells the
 *   cache of every event this process publishes or receives (through Redis, from every process),
 *   so a hit compares two numbers in memory;
 * - its site's generation has not moved: changes that are not in the event log but change what
 *   guests see (a name or a picture, a role, a ban, the site's settings) call `siteChanged`,
 *   relayed to every process like events (Hub.siteChanged);
 * - it is not past `validUntil`: the next expiry of a ban on the site (an expired ban shows or
 *   hides an author's comments with no write), and at most MAX_AGE_MS for changes made outside
 *   the server processes (the admin CLI).
 * Bounded by bytes and entries, least recently used first out.
 */
import { gzipSync } from 'node:zlib';
import type { ContentEvent } from '../../core/api/types.ts';

/** The longest an entry is kept, for changes no server process sees (made by the admin CLI). */
export const MAX_AGE_MS = 60_000;
/** The most entries kept, whatever their size. */
export const MAX_ENTRIES = 20_000;
/** The default bound in bytes (`VF_GUEST_CACHE_MB`). */
export const DEFAULT_GUEST_CACHE_MB = 64;

/** What a read saw when it started: the answer it produces may be kept only if nothing moved since. */
export interface GuestRead {
  site: string;
  container: string;
  seq: number;
  generation: number;
  /** Moves when the Redis feed had a gap: nothing read before it is kept. */
  epoch: number;
  validUntil: number;
}

interface Entry extends GuestRead {
  body: Buffer;
  /** The same, gzipped: made on the first hit that takes gzip, then kept with it. */
  gzipped?: Buffer;
}

/** A container with entries or reads under way: the latest event number seen. */
interface Tracked {
  seq: number;
  entries: number;
}

export class GuestCache {
  private readonly entries = new Map<string, Entry>(); // in use order: the first is the least recent
  private readonly containers = new Map<string, Tracked>();
  private readonly generations = new Map<string, number>();
  private bytes = 0;
  private epoch = 0;
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes: number, readonly maxEntries = MAX_ENTRIES, private readonly now: () => number = Date.now) {}

  get enabled(): boolean {
    return this.maxBytes > 0 && this.maxEntries > 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The kept answer for `key` (gzipped when `gzip`), or null (none, or no longer valid). */
  get(key: string, gzip = false): Buffer | null {
    const entry = this.entries.get(key);
    if (!entry || !this.valid(entry)) {
      if (entry) this.remove(key, entry);
      this.misses++;
      return null;
    }
    this.entries.delete(key); // most recently used goes last
    this.entries.set(key, entry);
    this.hits++;
    // An empty answer ("nothing to paint") is kept as it is: there is nothing to gzip.
    if (!gzip || !entry.body.length) return entry.body;
    if (!entry.gzipped) {
      const gzipped = (entry.gzipped = gzipSync(entry.body));
      this.bytes += gzipped.length;
      this.trim(); // never this entry: it is the most recently used
      return gzipped;
    }
    return entry.gzipped;
  }

  /**
   * Call right after reading the container row (its `event_seq`) and before reading its content:
   * from here on, the container's events are watched, so an answer read across a change is not kept.
   */
  begin(site: string, container: string, seq: number): GuestRead {
    const tracked = this.containers.get(container);
    if (tracked) tracked.seq = Math.max(tracked.seq, seq);
    else this.containers.set(container, { seq, entries: 0 });
    return { site, container, seq, generation: this.generationOf(site), epoch: this.epoch, validUntil: this.now() + MAX_AGE_MS };
  }

  /** Keeps `body` for `key`, at most `until` (a ban's expiry), when nothing the read depends on moved meanwhile. */
  keep(key: string, read: GuestRead, body: Buffer, until = Infinity): void {
    const tracked = this.containers.get(read.container);
    const unchanged = tracked !== undefined && tracked.seq === read.seq && this.generationOf(read.site) === read.generation && this.epoch === read.epoch;
    if (!this.enabled || !unchanged || body.length > this.maxBytes / 4) {
      this.forgetIdle();
      return;
    }
    const old = this.entries.get(key);
    if (old) this.remove(key, old); // may stop watching the container: watch it again below
    const watched = this.containers.get(read.container) ?? { seq: read.seq, entries: 0 };
    this.containers.set(read.container, watched);
    this.entries.set(key, { ...read, validUntil: Math.min(read.validUntil, until), body });
    watched.entries++;
    this.bytes += body.length;
    this.trim();
  }

  /** Least recently used out, down to the bounds. */
  private trim(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldest, entry);
    }
  }

  /** An event was published or received (Hub.watch): the container's entries read before it are stale. */
  event(event: Pick<ContentEvent, 'content_container_uuid' | 'seq'>): void {
    const tracked = this.containers.get(event.content_container_uuid);
    if (tracked && event.seq > tracked.seq) tracked.seq = event.seq;
  }

  /** Something guests see changed outside the event log on this site, or on every site (null: the feed had a gap). */
  siteChanged(site: string | null): void {
    if (site !== null) {
      this.generations.set(site, this.generationOf(site) + 1);
      return;
    }
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
    for (const tracked of this.containers.values()) tracked.entries = 0;
    this.forgetIdle();
  }

  private generationOf(site: string): number {
    return this.generations.get(site) ?? 0;
  }

  private valid(entry: Entry): boolean {
    return this.containers.get(entry.container)?.seq === entry.seq && this.generationOf(entry.site) === entry.generation && this.now() < entry.validUntil;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length + (entry.gzipped?.length ?? 0);
    const tracked = this.containers.get(entry.container);
    if (tracked && --tracked.entries <= 0) this.containers.delete(entry.container);
  }

  /**
   * Reads that kept nothing (an error, a change meanwhile) leave their container watched: drop
   * those once there are many. A read still under way then keeps nothing, which is safe.
   */
  private forgetIdle(): void {
    if (this.containers.size <= 2 * this.maxEntries + 1000) return;
    for (const [container, tracked] of this.containers) if (tracked.entries === 0) this.containers.delete(container);
  }
}
