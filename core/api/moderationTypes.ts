/**
 * The queue's client-side shapes beside the contract's (core/moderation/types.ts): a queue page as
 * cached (with the items that arrived live and wait behind "N new"), the filters the element holds,
 * a user's switches, and who decided first in a 409's words.
 */
import type { QueueItem, QueueKind, QueueName, QueuePage } from '../moderation/types.ts';

/** A cached queue page. `arrived`: the client's own, items that came live and wait behind "N new". */
export interface CachedQueuePage extends QueuePage {
  arrived?: QueueItem[];
}

export type QueueOrder = 'newest' | 'oldest';

/** A queue's filters, as the element holds them (undefined: not filtered). */
export interface QueueFilters {
  kind?: QueueKind;
  /** A container uuid (the page filter). */
  container?: string;
  author?: string;
  pageSection?: string;
  q?: string;
  order: QueueOrder;
}

export interface QueueArgs extends QueueFilters {
  queue: Exclude<QueueName, 'profiles'>;
  cursor?: string;
}

/** A user's switches (`PATCH /moderation/users/:uuid`). */
export interface UserSwitches {
  badge_trusted?: boolean;
  always_premoderate?: boolean;
}

/** Who decided first, as a 409's body or a conflict names them. */
export type DecidedBy = string | { name: string } | null;

export function decidedByName(decidedBy: DecidedBy | undefined): string {
  if (!decidedBy) return '';
  return typeof decidedBy === 'string' ? decidedBy : decidedBy.name;
}
