/**
 * The moderation queue's shared vocabulary (docs/moderation.md): why an item waits, the queues, an
 * item as a moderator sees it, and a site's automatic-moderation settings. Pure types and
 * constants, used by the server (server/moderation/) and the elements (vf-moderation-queue,
 * vf-site-settings) alike.
 */
import type { AppealItem, NoticeItem } from '../legal/types.ts';

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
  /** The user drawer's only (docs/law.md "Trusted flaggers"): their notices of illegal content come first. */
  trusted_flagger?: boolean;
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

/** A user whose new name or picture waits for a moderator (the `profiles` queue). Decide with
 * the existing `POST /api/v2/users/{uuid}/moderation/{username|avatar}/{approve|reject}`. */
export interface ProfileItem {
  uuid: string;
  name: string;
  /** The name that waits (null: none). */
  username_pending: string | null;
  pic_small: string | null;
  /** The picture that waits (null: none). */
  pic_pending: string | null;
  date_created: number;
  waiting: ('username' | 'avatar')[];
}

/** Each queue's number of items. */
export type QueueCounts = Record<QueueName, number>;

/** `GET /moderation/queue/:queue`: ProfileItem for `profiles`, QueueItem for the others. */
export interface QueuePage<T = QueueItem> {
  items: T[];
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
}

/** `GET /moderation/pages`: a container of a page whose title matched (a page may hold several kinds). */
export interface PageOption {
  container_uuid: string;
  kind: string;
  title: string;
  url: string;
}

/** `POST /moderation/decisions`'s result. */
export interface DecisionResult {
  decided: { uuid: string; state: string; decision_uuid: string }[];
  conflicts: { uuid: string; decided_by: string | null }[];
}

/** A staff-only note on a user (the drawer). */
export interface StaffNote {
  uuid: string;
  text: string;
  author: { uuid: string; name: string } | null;
  date_created: number;
}

/** A ban in the drawer's history, lifted and expired ones included. */
export interface DrawerBan {
  ban_uuid: string;
  ban_level: string;
  user_message: string;
  is_permanent: boolean;
  is_active: boolean;
  created_by: { uuid: string; name: string } | null;
  date_created: number;
  date_expired: number | null;
  date_revoked: number | null;
}

/** `GET /moderation/users/:user_uuid`: the user drawer. */
export interface UserDrawer {
  user: QueueAuthor;
  /** Their latest items across the site, every state, newest first (at most 20). */
  items: QueueItem[];
  bans: DrawerBan[];
  notes: StaffNote[];
}

/** What the live channel (rule `moderation_section_uuid`) sends in an event frame's `data`. */
export type ModerationEvent = { content_type: 'moderation'; section_uuid: string; time: number } & (
  | { event: 'queued'; content_uuid: string; queue: 'pending' | 'reported'; item: QueueItem }
  | { event: 'decided'; content_uuid: string; decision: Decision | 'undo'; state: string; by: { uuid: string; name: string } }
  | { event: 'counts'; counts: QueueCounts }
  // docs/law.md "API": a notice of illegal content arrived, or was decided (its `state` says which).
  | { event: 'notice'; notice_uuid: string; notice: NoticeItem }
  // docs/law.md "API": an appeal arrived, or was decided (its `state` says which).
  | { event: 'appeal'; appeal_uuid: string; appeal: AppealItem }
);
