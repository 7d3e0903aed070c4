/**
 * The moderation queue's shared vocabulary (docs/moderation.md): why an item waits, the queues, an
 * item as a moderator sees it, and a site's automatic-moderation settings. Pure types and
 * constants, used by the server (server/moderation/) and the elements (vf-moderation-queue,
 * vf-site-settings) alike.
 */

/** The rule that held (or rejected) an item. */
export const HOLD_RULES = [
  'premoderation', // the site or the page holds every new item
  'user_premoderated', // a moderator switched "always premoderate" on for the author
  'banned_word', // rejected at once
  'suspect_word',
  'link',
  'new_commenter',
  'spam_score',
  'toxicity_score',
  'scorer_timeout', // a scorer was slow or down: held (or passed) as the site chose
  'reports', // readers reported it
] as const;
export type HoldRule = (typeof HOLD_RULES)[number];

/** Why an item is where it is; stored as JSON in contents.hold_reason. */
export interface HoldReason {
  rule: HoldRule;
  /** banned_word / suspect_word: the listed word that matched, and where in the text (start, end). */
  word?: string;
  match?: [start: number, end: number];
  /** link: the first link that held it. */
  link?: string;
  /** spam_score / toxicity_score / scorer_timeout: which scorer, and its score (0–1) when it answered. */
  scorer?: 'akismet' | 'perspective';
  score?: number;
  /** new_commenter: how many of the author's items the rule holds. */
  limit?: number;
}

/** The queues, in the order the element shows them. */
export const QUEUES = ['pending', 'reported', 'unmoderated', 'approved', 'rejected', 'profiles'] as const;
export type QueueName = (typeof QUEUES)[number];

/** The content kinds one queue lists (the content rows' `type`s grouped as a moderator names them). */
export const QUEUE_KINDS = ['comment', 'liveblog_reply', 'chat_message', 'review'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** A moderator's actions on an item. */
export const DECISIONS = ['approve', 'reject', 'spam', 'pick'] as const;
export type Decision = (typeof DECISIONS)[number];

/** How long a decision can be undone from the queue (ms). */
export const UNDO_WINDOW_MS = 10_000;

/** A site's automatic moderation (admin-only; the scorers' keys are write-only). */
export interface AutoModerationSettings {
  banned_words: string[];
  suspect_words: string[];
  /** off: links pass; all: any link holds; outside_allowlist: a link to a domain not listed holds. */
  links: 'off' | 'all' | 'outside_allowlist';
  link_allowlist: string[];
  /** Hold a reader's first N items until one is approved (0: off). */
  new_commenter_holds: number;
  spam_scorer: ScorerSettings;
  toxicity_scorer: ScorerSettings;
}

export interface ScorerSettings {
  enabled: boolean;
  /** The service's address (Akismet's comment-check, Perspective's comments:analyze). */
  endpoint: string;
  /** Write-only: answers carry `key_set` instead. */
  key?: string;
  key_set?: boolean;
  /** Hold at or above this score, reject at or above that one (0–1; Akismet's answers read as 0, 0.9 for spam, 1 for blatant spam). */
  hold_at: number;
  reject_at: number;
  /** What a time-out (500 ms) or an error does: hold the item for review, or let it through. */
  on_timeout: 'hold' | 'pass';
}

/** The time a scorer gets before the site's on_timeout applies (ms). */
export const SCORER_TIMEOUT_MS = 500;

/** An item as the queue lists it. Text is the stored (sanitised) text; the element renders it safely. */
export interface QueueItem {
  uuid: string;
  kind: QueueKind;
  /** The content row's type (comment, reply, …) and its state (visible, awaiting_moderation, disabled, spam). */
  type: string;
  state: string;
  content: string;
  date_created: number;
  author: QueueAuthor;
  page: { uuid: string | null; container_uuid: string; title: string | null; url: string | null; section: string | null };
  /** Where the item shows in place (the page's url with the item's deep link), when the page is known. */
  link: string | null;
  is_picked: boolean;
  /** Why it is here; null for an item nothing held. */
  reason: HoldReason | null;
  reports: { count: number; reasons: string[] };
  /** The decisions on it, newest first (who, when, what, before and after). */
  decisions: QueueDecision[];
}

export interface QueueAuthor {
  uuid: string;
  name: string;
  pic_small: string | null;
  date_created: number;
  badge_trusted: boolean;
  always_premoderate: boolean;
  counts: { approved: number; rejected: number; reported: number };
}

export interface QueueDecision {
  uuid: string;
  action: string;
  actor: { uuid: string; name: string } | null; // null: automatic
  state_before: string;
  state_after: string;
  date_created: number;
}

/** The actor of automatic decisions in `moderation_decisions` (the server's rules, not a person). */
export const AUTOMATIC_MODERATOR_UUID = '00000000-0000-4000-8000-0000000a0700';
