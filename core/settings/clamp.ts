/**
 * Numeric widget settings (spec §5, §9): a value that is not an integer in range takes the
 * default. One helper so every element clamps the same way.
 */
import type { SortOrder } from '../api/types.ts';

export interface SettingRange {
  min: number;
  max: number;
  default: number;
}

export const COMMENT_LIMIT: SettingRange = { min: 1, max: 100, default: 10 };
export const REPLY_LIMIT: SettingRange = { min: 0, max: 100, default: 2 };
export const PAGINATION_LIMIT: SettingRange = { min: 1, max: 100, default: 10 };
export const PAGINATION_REPLY_LIMIT: SettingRange = { min: 1, max: 100, default: 10 };
export const FIRST_PROMO_POSITION: SettingRange = { min: 1, max: 100, default: 1 };
export const FEATURED_THRESHOLD: SettingRange = { min: 0, max: 100, default: 3 };
export const COUNT: SettingRange = { min: 1, max: 100, default: 5 };
export const HOURS: SettingRange = { min: 1, max: 48, default: 3 };
export const DAYS: SettingRange = { min: 1, max: 30, default: 7 };
/** <vf-live-story>: the latest posts it shows. */
export const LIVE_STORY_LIMIT: SettingRange = { min: 1, max: 10, default: 3 };
/** <vf-topic-follow>: the follower count shows from this many on (content.md §2: default 0). */
export const MINIMUM_COUNT: SettingRange = { min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 };
/** <vf-user-ratings>: how many of a reader's ratings it lists (the server takes 1–50). */
export const USER_RATINGS_LIMIT: SettingRange = { min: 1, max: 50, default: 5 };
/** <vf-livechat>: the messages of the first read and of each history page (content.md §2: initial limit 30). */
export const CHAT_LIMIT: SettingRange = { min: 1, max: 100, default: 30 };

/** The promo interval depends on the first promo position: first..100, default max(6, first). */
export function promoIntervalRange(firstPosition: number): SettingRange {
  const first = clampSetting(firstPosition, FIRST_PROMO_POSITION);
  return { min: first, max: 100, default: Math.max(6, first) };
}

/**
 * Accepts numbers and numeric strings (attributes arrive as strings). Anything else —
 * fractions, NaN, out of range, '' — yields the default.
 */
export function clampSetting(value: unknown, range: SettingRange): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value.trim());
  else return range.default;
  return Number.isInteger(n) && n >= range.min && n <= range.max ? n : range.default;
}

export const SORT_ORDERS: readonly SortOrder[] = ['newest', 'oldest', 'num_likes_desc', 'num_replies_desc'];

/** Unknown sort values fall back to newest (the spec's default). */
export function sortOrder(value: unknown): SortOrder {
  return SORT_ORDERS.includes(value as SortOrder) ? (value as SortOrder) : 'newest';
}

/** <vf-trending-articles> `days-published`: days 1–30 (7); `all` means 30 (content.md §5). */
export function daysPublished(value: unknown): number {
  return typeof value === 'string' && value.trim().toLowerCase() === 'all' ? DAYS.max : clampSetting(value, DAYS);
}

/** A value from a fixed list (trimmed, any case), else the list's first: its default. */
export function allowedValue<T extends string>(value: unknown, allowed: readonly T[]): T {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return allowed.find((item) => item === text) ?? allowed[0]!;
}

/** <vf-trending-articles> `sort`: the trending order (most comments), or newest articles first. */
export const TRENDING_SORTS = ['trending', 'newest'] as const;
export const TRENDING_VIEWS = ['list', 'grid', 'carousel'] as const;
export const THUMBNAIL_POSITIONS = ['left', 'right', 'top'] as const;

/**
 * Tracking mediums (content.md §9), as the slugs a trending link carries (`vf_medium`). The first
 * is the default of a `content-recirculation` element, the third of a plain one.
 */
export const TRACKING_MEDIUMS = [
  'standalone_content_recirculation_with_ads',
  'standalone_content_recirculation_with_ads_rs',
  'standalone_top_pages',
  'standalone_top_pages_condensed',
  'tray_top_pages',
  'tray_notification',
  'conversations_top_pages',
] as const;
export type TrackingMedium = (typeof TRACKING_MEDIUMS)[number];

export function trackingMedium(value: unknown, recirculation: boolean): TrackingMedium {
  const fallback: TrackingMedium = recirculation ? 'standalone_content_recirculation_with_ads' : 'standalone_top_pages';
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return TRACKING_MEDIUMS.find((medium) => medium === text) ?? fallback;
}
