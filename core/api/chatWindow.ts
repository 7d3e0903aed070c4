/**
 * Pure edits of a chat's cached message pages (`{ pages, pageParams }`; pages[0] holds the newest
 * messages, each page oldest first) that keep a long session light: the element shows a window of
 * at most CHAT_WINDOW messages (content.md §9 "Chat initial limit 30 (another constant 200)"), and
 * the cache holds no more than it shows plus what arrives while the reader looks elsewhere.
 *
 * - At the bottom, the oldest messages are dropped (`trimOldest`); scrolling up reads them again
 *   (the oldest page's `next_starting_from` names the oldest message kept).
 * - Scrolled up, arrivals wait below what the reader sees. When they are too many, or the reader
 *   read far back, the newest end is dropped (`dropNewerThan`) and the cache is *detached*: it no
 *   longer reaches the present, arrivals are only counted, and going back to the latest reads the
 *   newest page again (a refetch of the first page).
 * Each function mutates the (Immer draft) data it is given and returns what it changed.
 */
import type { ChatPage, Comment } from './types.ts';

export const CHAT_WINDOW = 200;

/** The newest page's client-side marks: the cache no longer reaches the present. */
export interface ChatWindowPage extends ChatPage {
  /** Messages newer than the cache holds were dropped or skipped. */
  detached?: boolean;
  /** How many of those the reader has not seen (arrivals while detached, held arrivals dropped). */
  unseen?: number;
}

export interface ChatPages {
  pages: ChatWindowPage[];
  pageParams: unknown[];
}

/** Every cached message, oldest first. */
export function chatMessages(data: ChatPages): Comment[] {
  const out: Comment[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) out.push(...data.pages[i]!.contents);
  return out;
}

export function isDetached(data: ChatPages): boolean {
  return !!data.pages[0]?.detached;
}

function has(data: ChatPages, uuid: string): boolean {
  return data.pages.some((page) => page.contents.some((m) => m.content_uuid === uuid));
}

/**
 * Places a message by its time, once (by uuid): after the last message not newer than it. One
 * older than everything cached is left to the history pages while older ones exist. A detached
 * cache takes nothing: it counts the message as unseen (`countUnseen`).
 */
export function insertMessage(data: ChatPages, message: Comment, countUnseen = true): boolean {
  const newest = data.pages[0];
  if (!newest || has(data, message.content_uuid)) return false;
  if (newest.detached) {
    if (countUnseen) newest.unseen = (newest.unseen ?? 0) + 1;
    return false;
  }
  for (const page of data.pages) {
    for (let i = page.contents.length - 1; i >= 0; i--) {
      if (page.contents[i]!.date_created <= message.date_created) {
        page.contents.splice(i + 1, 0, message);
        return true;
      }
    }
  }
  const oldest = data.pages[data.pages.length - 1]!;
  if (oldest.more_available && oldest.next_starting_from) return false;
  oldest.contents.unshift(message);
  return true;
}

/** The oldest page says the history continues before its first message. */
function continueHistory(data: ChatPages): void {
  const oldest = data.pages[data.pages.length - 1]!;
  const first = oldest.contents[0] ?? chatMessages(data)[0];
  if (!first) return;
  oldest.next_starting_from = first.content_uuid;
  oldest.more_available = true;
}

/** Keeps the newest `max` messages; returns how many were dropped. */
export function trimOldest(data: ChatPages, max: number): number {
  let excess = chatMessages(data).length - max;
  if (excess <= 0) return 0;
  const dropped = excess;
  while (excess > 0 && data.pages.length > 0) {
    const oldest = data.pages[data.pages.length - 1]!;
    if (oldest.contents.length <= excess && data.pages.length > 1) {
      excess -= oldest.contents.length;
      data.pages.pop();
      data.pageParams.pop();
      continue;
    }
    oldest.contents.splice(0, excess);
    excess = 0;
  }
  continueHistory(data);
  return dropped;
}

/**
 * Drops every message after `uuid` and detaches the cache (the newest page stays, maybe empty, so
 * a refetch starts again from the latest); `unseen` of them were never shown. Returns how many went.
 */
export function dropNewerThan(data: ChatPages, uuid: string, unseen: number): number {
  if (!has(data, uuid)) return 0;
  let dropped = 0;
  for (let p = 0; p < data.pages.length; p++) {
    const page = data.pages[p]!;
    const at = page.contents.findIndex((m) => m.content_uuid === uuid);
    if (at < 0) {
      dropped += page.contents.length;
      page.contents = [];
      continue;
    }
    dropped += page.contents.length - at - 1;
    page.contents.splice(at + 1);
    // Emptied pages between the newest one and this one go; the newest stays as the anchor.
    data.pages.splice(1, p - 1);
    data.pageParams.splice(1, p - 1);
    break;
  }
  const newest = data.pages[0]!;
  newest.detached = true;
  newest.unseen = (newest.unseen ?? 0) + unseen;
  return dropped;
}

/** What the list shows: the cached messages up to `frozenEnd` (the reader is scrolled up), at most `max` of the newest otherwise. */
export function windowOf(all: readonly Comment[], frozenEnd: string | null, max = CHAT_WINDOW): { shown: Comment[]; held: number } {
  const end = frozenEnd ? all.findIndex((m) => m.content_uuid === frozenEnd) : -1;
  if (end < 0) return { shown: all.slice(-max), held: 0 };
  return { shown: all.slice(0, end + 1), held: all.length - end - 1 };
}
