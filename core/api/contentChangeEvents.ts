/**
 * What a realtime change event (edited, moderated, pinned, picked, removed, flagged, locked) does
 * to cached content, whatever service caches it (content.md §3 "Content events"). The decisions
 * are the same for comments and live-blog posts; each service hands in its caches.
 */
import type { Comment, ContentEvent, ContentState } from './types.ts';
import type { CommentViewer } from './commentChanges.ts';

/** One service's cached content, as the change events need it. */
export interface ContentCaches {
  viewer(): CommentViewer;
  /** Applies `edit` to every cached copy of an item. */
  update(containerUuid: string, contentUuid: string, edit: (c: Comment) => void): void;
  /** Merges a changed item into every cached copy (`forViewer`: the server's answer to this viewer);
   * a visible item no cache holds is inserted like a new one when `insertIfMissing`. */
  applyChanged(next: Comment, forViewer: boolean, insertIfMissing: boolean): void;
  find(containerUuid: string, contentUuid: string): Comment | undefined;
  /** Moderators' pages read the item anew: the public feed carries no held text nor flag totals. */
  refetchForModerator(event: ContentEvent): void;
}

/** Realtime events about an item that changed. */
const CHANGE_EVENTS = new Set(['updated', 'deleted', 'disabled', 'visible', 'spammed', 'pinned', 'unpinned', 'picked', 'unpicked']);
/** Events that take an item out of public view, and the state they leave it in. */
const HIDING_EVENTS: Partial<Record<ContentEvent['event'], ContentState>> = { deleted: 'deleted', disabled: 'disabled', spammed: 'spam' };

const STATES = new Set<string>(['visible', 'disabled', 'hidden', 'awaiting_moderation', 'spam', 'deleted']);

/** A frame's copy is used only when it is an item of that event: a malformed one changes nothing. */
export function isCopyOf(event: ContentEvent): event is ContentEvent & { content: Comment } {
  const c = event.content;
  return !!c && typeof c === 'object' && c.content_uuid === event.content_uuid && c.content_container_uuid === event.content_container_uuid &&
    typeof c.content === 'string' && STATES.has(c.state);
}

/** Applies a change, flag or removal event; false when the event is not one of those. */
export function applyChangeEvent(caches: ContentCaches, event: ContentEvent): boolean {
  // A moderator answered the item, or kept it when flagged: it is locked, and its author's
  // page hides Edit and Remove at once. Only cached copies take the lock (it is no new item).
  const locked = isCopyOf(event) ? event.content.date_locked : null;
  if (event.event === 'locked' || event.event === 'flags_cleared') {
    if (locked != null) caches.update(event.content_container_uuid, event.content_uuid, (c) => void (c.date_locked = locked));
    if (event.event === 'locked') return true;
  }
  if (event.event === 'flagged' || event.event === 'flags_cleared') {
    // Flag totals are for moderators: the public event carries none (nor who flagged).
    caches.refetchForModerator(event);
    return true;
  }
  if (!CHANGE_EVENTS.has(event.event)) return false;
  // A copy that is not an item of this event (a malformed frame) changes nothing. No copy at all
  // is different: the public may not see the item any more.
  if (event.content != null && !isCopyOf(event)) return true;
  const state = HIDING_EVENTS[event.event];
  if (isCopyOf(event)) {
    // Only an item that just came into view (approved, enabled) is new to a page that lacks it;
    // a pick, pin or edit of one it has not loaded (an older page) is neither new nor uncounted.
    caches.applyChanged(event.content, false, event.event === 'visible');
  } else if (state) {
    // No copy is sent for what the public may not see: the cached copy takes the new state.
    const cached = caches.find(event.content_container_uuid, event.content_uuid);
    if (cached) caches.applyChanged({ ...cached, state }, false, true);
  } else if (event.event === 'updated') {
    // An edit the public may not see (under premoderation it waits for a moderator again): a
    // moderator's page reads it anew; other readers lose it from view. The author's own page
    // keeps what the server answered to the edit.
    const viewer = caches.viewer();
    if (viewer.privileged) {
      caches.refetchForModerator(event);
      return true;
    }
    const cached = caches.find(event.content_container_uuid, event.content_uuid);
    if (cached?.state === 'visible' && cached.actor_uuid !== viewer.uuid) {
      caches.applyChanged({ ...cached, state: 'awaiting_moderation' }, false, true);
    }
  }
  return true;
}
