/**
 * The pull quote's rules as pure functions: which comment a quote type asks for (spec: types
 * likes, replies, editors_pick; maximum characters default 150) and how its text is cut.
 */
import type { Comment, SortOrder } from '../../core/api/types.ts';
import type { SettingRange } from '../../core/settings/clamp.ts';

export const QUOTE_TYPES = ['likes', 'replies', 'editors_pick'] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

export const MAX_CHARACTERS: SettingRange = { min: 1, max: 10000, default: 150 };
const ELLIPSIS = '…';

/** Unknown types fall back to `likes`. */
export function quoteType(value: unknown): QuoteType {
  return QUOTE_TYPES.includes(value as QuoteType) ? (value as QuoteType) : 'likes';
}

/** The list order whose first comment is the quote (editor's picks sort first, newest first). */
export const SORT_FOR: Record<QuoteType, SortOrder> = {
  likes: 'num_likes_desc',
  replies: 'num_replies_desc',
  editors_pick: 'newest_pick',
};

/** The first comment qualifies only if it has what the type is about: a like, a reply, a pick. */
export function quotable(comment: Comment | undefined, type: QuoteType): Comment | null {
  if (!comment || !comment.content.trim()) return null;
  if (type === 'likes') return comment.total_likes > 0 ? comment : null;
  if (type === 'replies') return comment.total_replies > 0 ? comment : null;
  return comment.is_picked ? comment : null;
}

/**
 * One line of text of at most `max` characters (code points): whitespace collapsed, cut at the
 * last word boundary that fits with an ellipsis; a single word longer than that is cut inside.
 */
export function cutQuote(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  const room = chars.slice(0, Math.max(0, max - 1));
  // A word that ends exactly where the room ends is kept whole.
  const boundary = chars[room.length] === ' ' ? room.length : room.lastIndexOf(' ');
  const kept = (boundary > 0 ? room.slice(0, boundary) : room).join('').replace(/[\s.,;:!?…-]+$/u, '');
  return `${kept}${ELLIPSIS}`;
}
