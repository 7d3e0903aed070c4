/**
 * A live blog's realtime events (content types `liveblog`, `liveblog_post`,
 * `reply_to_liveblog_post`) applied to its caches (core/api/liveblogCache.ts). `created` dedupes
 * by uuid, so an event that a catch-up delivers again, or that the list already shows, changes
 * nothing; pins move posts between the list and the pinned group, so the post lists are read again.
 */
import type { ContentEvent } from '../api/types.ts';
import { applyChangeEvent, isCopyOf } from '../api/contentChangeEvents.ts';
import {
  insertPost, insertReply, liveblogCaches, refetchContentForModerator, refetchPosts, setLiveblogSettings, updateContent,
} from '../api/liveblogCache.ts';
import { cacheViewer } from '../api/commentCacheUpdates.ts';
import { listBaseline, registerContentHandler, type Dispatch } from './contentHandlers.ts';
import { reactionEventEdit } from './events.ts';

export function applyLiveblogEvent(dispatch: Dispatch, getState: () => unknown, event: ContentEvent): void {
  if (event.content_type === 'liveblog') {
    if (event.event === 'settings_changed' && event.settings && typeof event.settings === 'object') {
      setLiveblogSettings(dispatch, getState, event.content_container_uuid, event.settings);
    }
    return;
  }
  if (event.event === 'created') {
    // No copy: a reply held for premoderation; moderators read it.
    if (!isCopyOf(event)) {
      if (event.content == null) void refetchContentForModerator(dispatch, getState, event);
      return;
    }
    if (event.content.parent_uuid) insertReply(dispatch, getState, event.content);
    else insertPost(dispatch, getState, event.content);
    return;
  }
  if (event.event === 'pinned' || event.event === 'unpinned') {
    if (event.content == null || isCopyOf(event)) refetchPosts(dispatch, event.content_container_uuid);
    return;
  }
  if (applyChangeEvent(liveblogCaches(dispatch, getState), event)) return;
  const edit = reactionEventEdit(event, cacheViewer(getState).uuid);
  if (edit) updateContent(dispatch, getState, event.content_container_uuid, event.content_uuid, edit);
}

/** The live blog's list reads (core/api/liveblog.ts): their pages carry `latest_seq`. */
const LIVEBLOG_READS = new Set(['liveblogPosts', 'liveblogReplies']);

registerContentHandler(['liveblog', 'liveblog_post', 'reply_to_liveblog_post'], {
  apply: applyLiveblogEvent,
  baseline(action) {
    const meta = (action as { meta?: { arg?: { endpointName?: string; originalArgs?: { containerUuid?: string } } } }).meta;
    if (!meta?.arg?.endpointName || !LIVEBLOG_READS.has(meta.arg.endpointName) || !meta.arg.originalArgs?.containerUuid) return null;
    const seq = listBaseline((action as { payload?: { pages?: Array<{ latest_seq?: number }> } }).payload ?? {});
    return seq === null ? null : { containerUuid: meta.arg.originalArgs.containerUuid, seq };
  },
});
