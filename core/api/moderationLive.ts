/**
 * The moderation channel's events (docs/moderation.md "Live", rule `moderation_section_uuid`)
 * applied to the queue's caches: an item that became pending or reported waits in its open
 * queues' `arrived` (the element shows "N new" so nothing jumps); a decision takes the item out
 * of every queue at once (an undo does not: the item comes back as `queued`); new counts replace the cached ones; a `notice` or an
 * `appeal` takes its place in the legal tabs' pages (legalModeration.ts). Whoever shows a queue may listen for
 * decisions (`onLiveDecision`) to say who decided.
 */
import type { ModerationEvent, QueueItem, QueueName } from '../moderation/types.ts';
import { registerModerationHandler, type Dispatch } from '../realtime/contentHandlers.ts';
import { applyLegalEvent } from './legalModeration.ts';
import { moderationApi, removeFromQueues } from './moderation.ts';
import type { QueueArgs } from './moderationTypes.ts';

export type LiveDecision = Pick<Extract<ModerationEvent, { event: 'decided' }>, 'content_uuid' | 'decision' | 'by'>;

type ApiState = Parameters<typeof moderationApi.util.selectCachedArgsForQuery>[0];
const listeners = new Set<(decision: LiveDecision) => void>();

export function onLiveDecision(listener: (decision: LiveDecision) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Pure: the item belongs in a queue page read with these filters (its first page only: later pages are older). */
export function matchesQueue(args: QueueArgs, queue: QueueName, item: QueueItem): boolean {
  if (args.queue !== queue || args.cursor) return false;
  if (args.kind && item.kind !== args.kind) return false;
  if (args.container && item.page.container_uuid !== args.container) return false;
  if (args.author && item.author.uuid !== args.author) return false;
  if (args.pageSection && item.page.section !== args.pageSection) return false;
  return !args.q || item.content.toLocaleLowerCase().includes(args.q.toLocaleLowerCase());
}

function queued(dispatch: Dispatch, getState: () => ApiState, queue: QueueName, item: QueueItem): void {
  for (const args of moderationApi.util.selectCachedArgsForQuery(getState(), 'moderationQueue')) {
    if (!matchesQueue(args, queue, item)) continue;
    dispatch(
      moderationApi.util.updateQueryData('moderationQueue', args, (page) => {
        const shown = page.items.findIndex((i) => i.uuid === item.uuid);
        if (shown >= 0) page.items[shown] = item; // reported again: new reports, same place
        else if (!page.arrived?.some((i) => i.uuid === item.uuid)) page.arrived = [item, ...(page.arrived ?? [])];
      }),
    );
  }
}

function apply(dispatch: Dispatch, getState: () => unknown, live: ModerationEvent): void {
  const state = getState as () => ApiState;
  if (live.event === 'queued') queued(dispatch, state, live.queue, live.item);
  else if (live.event === 'decided') {
    // Listeners hear it while the item is still listed, so they can tell whether they showed it.
    for (const listener of listeners) listener({ content_uuid: live.content_uuid, decision: live.decision, by: live.by });
    // An undone decision puts the item back: it comes again as `queued` where it belongs.
    if (live.decision !== 'undo') removeFromQueues(dispatch, state, [live.content_uuid]);
  } else if (live.event === 'counts') {
    const { counts } = live;
    dispatch(moderationApi.util.updateQueryData('moderationCounts', undefined, () => counts));
  } else if (live.event === 'notice' || live.event === 'appeal') applyLegalEvent(dispatch, getState, live);
}

registerModerationHandler(apply);
