/**
 * The element's attributes turned into valid settings (spec §5): numbers clamped by their
 * ranges (core/settings/clamp.ts), the sort checked, the deeplink a uuid. Pure, so a bad
 * attribute always ends in the default.
 */
import { isUuid } from '../../core/ids/index.ts';
import type { SortOrder } from '../../core/api/types.ts';
import {
  clampSetting, COMMENT_LIMIT, FEATURED_THRESHOLD, FIRST_PROMO_POSITION, PAGINATION_LIMIT, PAGINATION_REPLY_LIMIT,
  promoIntervalRange, REPLY_LIMIT, sortOrder,
} from '../../core/settings/clamp.ts';

export interface ConversationAttributes {
  limit?: unknown;
  replyLimit?: unknown;
  paginationLimit?: unknown;
  paginationReplyLimit?: unknown;
  sort?: unknown;
  featuredTabActiveThreshold?: unknown;
  firstPromoPosition?: unknown;
  promoInterval?: unknown;
  replyInterval?: unknown;
  deeplink?: unknown;
}

export interface ConversationSettings {
  limit: number;
  replyLimit: number;
  paginationLimit: number;
  paginationReplyLimit: number;
  sortedBy: SortOrder;
  /** `sort="featured"` (spec §5: the featured filter, is_picked) opens on the Editor's picks tab. */
  startOnPicks: boolean;
  featuredThreshold: number;
  firstPromoPosition: number;
  promoInterval: number;
  /** Replies between promo slots inside a thread (docs/ads.md); validated like promo-interval. */
  replyInterval: number;
  deeplink: string | null;
}

export function conversationSettings(a: ConversationAttributes): ConversationSettings {
  const firstPromoPosition = clampSetting(a.firstPromoPosition, FIRST_PROMO_POSITION);
  const interval = promoIntervalRange(firstPromoPosition);
  const deeplink = typeof a.deeplink === 'string' ? a.deeplink.trim().toLowerCase() : '';
  return {
    limit: clampSetting(a.limit, COMMENT_LIMIT),
    replyLimit: clampSetting(a.replyLimit, REPLY_LIMIT),
    paginationLimit: clampSetting(a.paginationLimit, PAGINATION_LIMIT),
    paginationReplyLimit: clampSetting(a.paginationReplyLimit, PAGINATION_REPLY_LIMIT),
    sortedBy: sortOrder(a.sort),
    startOnPicks: a.sort === 'featured',
    featuredThreshold: clampSetting(a.featuredTabActiveThreshold, FEATURED_THRESHOLD),
    firstPromoPosition,
    promoInterval: clampSetting(a.promoInterval, interval),
    replyInterval: clampSetting(a.replyInterval, interval),
    deeplink: isUuid(deeplink) ? deeplink : null,
  };
}

/**
 * The top-level positions (1-based) after which a promo slot goes, among `count` comments:
 * first position, then every `interval` comments. Slot n is named `promo-n`.
 */
export function promoPositions(count: number, first: number, interval: number): number[] {
  const positions: number[] = [];
  for (let p = first; p <= count; p += interval) positions.push(p);
  return positions;
}
