/**
 * A moderator's decision on one item, for every kind, wherever it is taken: each page's own
 * moderation calls (changes.ts) and the site-wide queue (server/moderation/decisions.ts) share
 * what a decision changes, the event it sends to the item's page, and the row that records it
 * (docs/moderation.md: who, when, what, the state before and after).
 */
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { ContentEventName } from '../../core/api/types.ts';
import type { Decision } from '../../core/moderation/types.ts';
import { contentEvent, lockBy } from './contentWrites.ts';
import type { Row } from './contentQueries.ts';
import type { EventDraft } from './events.ts';
import type { ContentsTable, ModerationDecisionsTable } from '../storage/schema.ts';

/** Each page call: the state it sets, its event, and the decision the record names. */
export const MODERATION = {
  enable: { to: 'visible', event: 'visible', decision: 'approve' },
  disable: { to: 'disabled', event: 'disabled', decision: 'reject' },
  spam: { to: 'spam', event: 'spammed', decision: 'spam' },
  unspam: { to: 'visible', event: 'visible', decision: 'approve' },
} as const;
export type ModerationAction = keyof typeof MODERATION;

/** The queue's decisions as page calls (pick also approves: a picked item is shown). */
export const DECISION_ACTIONS: Record<Decision, ModerationAction> = { approve: 'enable', reject: 'disable', spam: 'spam', pick: 'enable' };

export interface ModerationChange {
  patch: Updateable<ContentsTable>;
  /** enable keeps a flagged item: its flags go. */
  clearFlags: boolean;
}

/**
 * What `action` changes on `before`, or null when it is already so. enable also clears the
 * item's flags (the moderator kept it). Each change locks someone else's item: its author can no
 * longer edit or remove what a moderator kept, rejected or restored (docs/settings.md "What
 * locks a comment"); approving a held item does not: under premoderation the author's edits
 * wait for approval again. `pick` marks it an editor's pick as well.
 */
export function moderationChange(action: ModerationAction, before: Row, moderatorUuid: string, now: number, pick = false): ModerationChange | null {
  const { to } = MODERATION[action];
  if (action === 'unspam' && before.state !== 'spam') return null;
  const flagged = action === 'enable' && Number(before.total_flags ?? 0) > 0;
  const picking = pick && Number(before.is_picked) !== 1;
  // Approving what is shown marks it looked at (it leaves the unmoderated queue), quietly.
  const unlooked = action === 'enable' && before.moderated_at == null;
  if (before.state === to && !flagged && !picking && !unlooked) return null;
  const approval = action === 'enable' && before.state === 'awaiting_moderation' && !flagged;
  const patch: Updateable<ContentsTable> = {
    state: to,
    moderated_at: now,
    moderated_by: moderatorUuid,
    ...(action === 'enable' ? { total_flags: 0 } : {}),
    ...(picking ? { is_picked: 1 } : {}),
    ...(approval ? {} : lockBy(before, moderatorUuid, now)),
  };
  return { patch, clearFlags: flagged };
}

/**
 * The event the item's page gets: its new state's, `picked` when only that changed,
 * `flags_cleared` when only flags went; null when the page sees no change.
 */
export function moderationEvent(action: ModerationAction, before: Row, after: Row, moderatorUuid: string): EventDraft | null {
  if (before.state !== after.state) return contentEvent(MODERATION[action].event, after, moderatorUuid);
  if (Number(before.is_picked) !== Number(after.is_picked)) return contentEvent('picked', after, moderatorUuid);
  if (Number(before.total_flags ?? 0) > 0 && Number(after.total_flags ?? 0) === 0) return contentEvent('flags_cleared', after, moderatorUuid);
  return null;
}

/** The event of an item's move to `state` (undo): a held item's page loses it from view as after an edit that waits. */
export function stateEvent(state: string): ContentEventName {
  return state === 'visible' ? 'visible' : state === 'spam' ? 'spammed' : state === 'disabled' ? 'disabled' : 'updated';
}

/** The record of a decision (moderation_decisions). */
export function decisionRecord(action: string, before: Pick<Row, 'uuid' | 'site_uuid' | 'state'>, stateAfter: string, actorUuid: string, now: number): ModerationDecisionsTable {
  return { uuid: randomUUID(), site_uuid: before.site_uuid, content_uuid: before.uuid, actor_uuid: actorUuid, action, state_before: before.state, state_after: stateAfter, reason: null, date_created: now };
}
