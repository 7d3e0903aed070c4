/**
 * A guest's like / dislike (spec §4): kept in localStorage under `vf.pendingReactions` for one
 * hour and replayed about 1 s after the guest logs in. The entry is a JSON array of
 * `{ sectionUuid, containerUuid, contentUuid, reaction: 'like' | 'dislike', time }` (time in
 * ms). Entries that are malformed or older than an hour are dropped; unreadable storage counts
 * as empty. Only the latest entry per comment and reaction is kept.
 */
import { isUuid } from '../../core/ids/index.ts';
import type { Reaction } from '../../core/api/comments.ts';

export const PENDING_REACTIONS_KEY = 'vf.pendingReactions';
export const PENDING_REACTION_TTL_MS = 60 * 60 * 1000;
export const REPLAY_DELAY_MS = 1000;
/** Enough for any reader; a full list drops its oldest entry. */
const MAX_ENTRIES = 50;

export interface PendingReaction {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
  reaction: Reaction;
  time: number;
}

function isPending(value: unknown, now: number): value is PendingReaction {
  const v = value as Partial<PendingReaction> | null;
  return (
    typeof v === 'object' && v !== null &&
    isUuid(v.sectionUuid) && isUuid(v.containerUuid) && isUuid(v.contentUuid) &&
    (v.reaction === 'like' || v.reaction === 'dislike') &&
    typeof v.time === 'number' && v.time <= now && now - v.time < PENDING_REACTION_TTL_MS
  );
}

/** The valid, unexpired entries. */
export function readPendingReactions(now = Date.now()): PendingReaction[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_REACTIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry) => isPending(entry, now)) : [];
  } catch {
    return [];
  }
}

function write(entries: PendingReaction[]): void {
  try {
    if (entries.length) localStorage.setItem(PENDING_REACTIONS_KEY, JSON.stringify(entries));
    else localStorage.removeItem(PENDING_REACTIONS_KEY);
  } catch {
    // Storage full or blocked: the reaction is simply not replayed.
  }
}

const sameTarget = (a: PendingReaction, b: Omit<PendingReaction, 'time'>) =>
  a.contentUuid === b.contentUuid && a.reaction === b.reaction;

export function savePendingReaction(entry: Omit<PendingReaction, 'time'>, now = Date.now()): void {
  const kept = readPendingReactions(now).filter((e) => !sameTarget(e, entry));
  write([...kept, { ...entry, time: now }].slice(-MAX_ENTRIES));
}

/** Removes and returns the entries for one container (other widgets take their own). */
export function takePendingReactions(containerUuid: string, now = Date.now()): PendingReaction[] {
  const all = readPendingReactions(now);
  write(all.filter((e) => e.containerUuid !== containerUuid));
  return all.filter((e) => e.containerUuid === containerUuid);
}
