/**
 * Wire types shared by the client and the server. Pure types: no runtime code,
 * so `server/` may import them (DESIGN.md: server → pure core modules only).
 * The protocol itself is described in docs/api.md.
 */
import type { HoldReason, ModerationEvent } from '../moderation/types.ts';
import type { NotificationNotice } from './notificationTypes.ts';
import type { PollTally } from './pollTypes.ts';

export type UserPrivilege = 'none' | 'guest' | 'user' | 'mod' | 'admin';
export type BanLevel = 'none' | 'posting' | 'ghost' | 'hide' | 'login';

/** A user as the API returns it. Email only for the user themself. */
export interface User {
  id: number;
  uuid: string;
  name: string;
  email?: string;
  user_privilege: UserPrivilege;
  anonymous: boolean;
  ban_level: BanLevel;
  pic_small: string | null;
  pic_large: string | null;
  date_created: number; // ms
  comments_made: number;
  likes_made: number;
  likes_received: number;
  /** Muted by the site's moderators: may read and react, not post (docs/permissions.md). */
  is_muted?: boolean;
  /** Guests commenting anonymously (enable_anonymous_comments) post under this name. */
  anonymous_name?: string | null;
  social_login_provider?: string | null;
  social_login_id?: string | null;
  email_verification_status?: 'none' | 'pending' | 'pending_new' | 'approved' | 'rejected' | null;
  username_pending?: string | null;
  username_moderation_status?: 'none' | 'pending' | 'approved' | 'rejected' | null;
  /** Pictures awaiting a moderator (enable_avatar_premoderation); only the user and moderators see them. */
  pic_small_pending?: string | null;
  pic_large_pending?: string | null;
  avatar_moderation_status?: 'none' | 'pending' | 'approved' | 'rejected' | null;
  /** How often the reader is mailed (docs/notifications.md "Email"); only the user themself sees it. */
  email_notice_frequency?: 'immediate' | 'hourly' | 'daily' | 'off';
  /** The viewer's follow / mute of this user (docs/accounts.md): ms, null when not; `is_muted` above is the site's mute. */
  date_following?: number | null;
  date_muted?: number | null;
}

/** Site (the spec's section) settings returned by bootstrap: every key, typed (docs/settings.md). */
export type { SiteSettings } from '../settings/site.ts';
import type { SiteSettings } from '../settings/site.ts';

export interface SectionTree {
  section_id: string; // the site uuid
  name: string;
  children: SectionTree[];
}

export interface BootstrapResult {
  user: User | null; // null for a guest
  settings: SiteSettings;
  sectionTree: SectionTree;
  section_uuid: string;
  session: string;
  /** The site's domains: the hosts its pages, links and pictures are on (core/page/siteUrls.ts); none from an older server. */
  domains?: string[];
}

export interface AuthResult {
  user: User;
  session: string;
  access_token: string;
  refresh_token: string;
  /** This login cancelled the account's deletion asked earlier (docs/law.md "A reader's data"). */
  deletion_cancelled?: true;
}

export interface ContainerSettings {
  is_hidden: boolean;
  is_closed: boolean;
  /** New comments wait for a moderator (awaiting_moderation) in this container. */
  is_premoderated?: boolean;
  /** Chats: each reader may send one message per this many seconds (0: off). */
  slow_mode_seconds?: number;
}

export interface Container {
  content_container_uuid: string;
  container_id: string;
  section_uuid: string;
  total_visible_content: number;
  settings: ContainerSettings;
  /** Sent back as X-Request-Signature on requests about this container. */
  signature?: string;
}

/** The author as embedded in each comment. */
export interface Actor {
  uuid: string;
  name: string;
  pic_small: string | null;
  /** Shown on live-blog posts: the editor's role on the site (readers have none). */
  role?: 'moderator' | 'admin';
}

/** What a content row is (content.md §3): a kind's root items and their replies. */
export type ContentType = 'comment' | 'reply' | 'liveblog_post' | 'reply_to_liveblog_post' | 'chat_message' | 'review';

/** An image uploaded to a live blog (docs/api.md "liveblog"), shown by a post. */
export interface MediaItem {
  media_uuid: string;
  url: string;
  content_type: string;
  width: number;
  height: number;
}

/** One image of a container's gallery (docs/api.md "media gallery"): an upload a visible item shows. */
export interface GalleryImage extends MediaItem {
  /** The alt text its post gave it ('' when none). */
  alt: string;
  content_uuid: string;
  date_created: number;
}

export type ContentState = 'visible' | 'disabled' | 'hidden' | 'awaiting_moderation' | 'spam' | 'deleted';

/** Why a comment is restricted for the viewer (content spec §3 "Restriction reasons"). */
export type RestrictionReason =
  | 'actor_ghost_banned'
  | 'actor_hide_banned'
  | 'actor_muted'
  | 'content_awaiting_moderation'
  | 'content_marked_as_spam'
  | 'content_disabled'
  | 'content_deleted';

/** What the requesting user has done to a comment. */
export interface CommentActions {
  liked: boolean;
  disliked: boolean;
  flagged?: boolean;
}

export interface Comment {
  content_uuid: string;
  /** Plain text (comments, replies) or rich text (live-blog posts, core/text/richText.ts); never HTML. */
  content: string;
  /** Comments leave it out; live-blog posts and replies carry it. */
  type?: ContentType;
  /** The images a live-blog post shows. */
  media?: MediaItem[];
  actor_uuid: string;
  actor: Actor;
  parent_uuid: string | null;
  parent_actor_uuid: string | null;
  thread_uuid: string; // the top-level comment of the thread (itself for top level)
  content_container_uuid: string;
  section_uuid: string;
  state: ContentState;
  date_created: number; // ms
  date_edited: number | null;
  is_edited: boolean;
  is_picked: boolean;
  is_pinned: boolean;
  date_pinned?: number | null;
  /** After this time (ms) the author can no longer edit or remove it (the edit window's other end, spec §5). */
  date_locked?: number | null;
  /** Posted by a guest under an anonymous name (enable_anonymous_comments): `actor.name` is that name. */
  is_anonymous?: boolean;
  /** Restrictions as the viewer sees them (their own held comment, a moderator's view). */
  state_reasons?: RestrictionReason[];
  /** Why automatic moderation held or rejected it (docs/moderation.md): its author and staff only. */
  moderation_reason?: HoldReason;
  /** Moderators and admins only. */
  total_flags?: number;
  total_likes: number;
  total_dislikes: number;
  total_replies: number;
  total_direct_replies: number;
  /** What the requesting user has done to this comment. */
  actions: CommentActions;
  /** Direct replies, oldest first, at most reply_limit (top-level comments in a list only). */
  replies?: Comment[];
}

export type SortOrder = 'newest' | 'oldest' | 'num_likes_desc' | 'num_replies_desc' | 'newest_pick' | 'featured';

/** featured_threads: editor's picks only (the "Editor's picks" tab). */
export type ThreadFilter = 'all_threads' | 'featured_threads';

export interface CommentPage {
  contents: Comment[];
  /** Pass as starting_from for the next page; null when there is no more. */
  next_starting_from: string | null;
  more_available: boolean;
  total_visible_content: number;
  /** The container's event number when the list was read: realtime catches up from it. */
  latest_seq?: number;
}

/** A page of live-blog posts (docs/api.md "liveblog"); the first page also carries the pinned posts. */
export interface LiveblogPage extends CommentPage {
  pinned?: Comment[];
}

/** A page of chat messages, oldest first (docs/api.md "chat"); `next_starting_from` names the oldest when older ones exist. */
export type ChatPage = CommentPage;

/** GET /api/chat/{section}?container_id=: the chat with its latest messages. */
export type ChatWithPage = Container & ChatPage;

/** GET /api/liveblog/{section}?container_id=: the live blog with its first page of posts. */
export type LiveblogWithPage = Container & LiveblogPage;

/** GET /api/comments/{section}?container_id=: the container with its first page of comments. */
export type ContainerWithPage = Container & CommentPage;

/** GET /api/comments/{section}/{user}/profile: the user (public fields) and their comment counters. */
export interface CommentProfile {
  user: User;
  comments_made: number;
  comments_received: number;
  likes_made: number;
  likes_received: number;
}

/** One item of GET /api/comments/{section}/trending: a container and, when known, its page. */
export interface TrendingContainer extends Container {
  /** When the container was opened (ms): the article's age for `sort="newest"`. */
  date_created: number;
  page: { title: string; url: string; image_url: string | null; image_alt: string | null } | null;
}

/** Error body for every non-2xx response. */
export interface ApiErrorBody {
  error_status: number;
  message: string;
  api_code?: number;
}

// ---- realtime feed (docs/api.md#realtime) ----

export interface RealtimeRule {
  key: string;
  values: string[];
}

export type ClientFrame =
  /** signals: also typing and presence for the subscription's containers (docs/api.md "Signals").
   * access_token: the signed-in user's, for rules only some may use (`moderation_section_uuid`). */
  | { type: 'subscribe'; subscription_id: string; filter: { one_of: RealtimeRule[] }; signals?: boolean; access_token?: string }
  | { type: 'unsubscribe'; subscription_id: string }
  | { type: 'keep_alive' }
  /** The reader is typing in the container (needs a signals subscription to it). */
  | { type: 'typing'; content_container_uuid: string };

export type ContentEventName =
  | 'created'
  | 'liked'
  | 'unliked'
  | 'disliked'
  | 'undisliked'
  /** edited: `content` is the comment after the edit. */
  | 'updated'
  | 'deleted'
  /** moderation: `content` carries the new state. */
  | 'disabled'
  | 'visible'
  | 'spammed'
  | 'pinned'
  | 'unpinned'
  | 'picked'
  | 'unpicked'
  | 'flagged'
  | 'flags_cleared'
  /** A moderator answered the comment: `content` carries its `date_locked` (no more author edits). */
  | 'locked'
  /** A moderator changed the container's settings (closed, hidden, premoderated): `settings`;
   * content_uuid is the container's uuid. */
  | 'settings_changed'
  /** A poll's counts or state moved (docs/polls.md "Live results"): `poll`; no `seq` (not in the log). */
  | 'poll_updated';

/** Which service's caches an event patches: comments, or a live blog's container, posts, replies. */
export type EventContentType = 'comments' | 'liveblog' | 'liveblog_post' | 'reply_to_liveblog_post' | 'chat' | 'chat_message' | 'poll' | 'reviews' | 'review';

export interface ContentEvent {
  event: ContentEventName;
  content_type: EventContentType;
  section_uuid: string;
  content_container_uuid: string;
  content_uuid: string;
  actor_uuid: string;
  /** created, updated and the state/pin/pick events: the comment after the change, viewer-neutral
   * (actions all false, no replies, no total_flags). Not sent for content the public may not see. */
  content?: Comment;
  /** liked / unliked: the new like total. */
  total_likes?: number;
  /** disliked / undisliked: the new dislike total. */
  total_dislikes?: number;
  /** settings_changed: the container's settings after the change. */
  settings?: ContainerSettings;
  /** poll_updated: the poll's totals (counts only where everyone may see them). */
  poll?: PollTally;
  time: number; // ms
  /** Per-container event number: 1, 2, 3… with no gaps (docs/api.md "Catch-up"); absent on poll_updated. */
  seq: number;
}

/** GET /api/comments/{section}/{container}/events?after=: the events after `after`, in order. */
export interface EventsPage {
  events: ContentEvent[];
  /** More events follow the last one returned: ask again with after = its seq. */
  more: boolean;
  /** The container's latest event number. */
  latest_seq: number;
  /** Events after `after` were pruned: reload the container's data, then continue from latest_seq. */
  expired: boolean;
}

export type ServerFrame =
  /** seqs: each subscribed container's latest event number, the point to catch up from. */
  | { type: 'subscribe_success'; subscription_id: string; seqs?: Record<string, number> }
  | { type: 'event'; subscription_id: string; data: ContentEvent }
  /** The site's moderation queue (rule `moderation_section_uuid`, docs/moderation.md "Live"): a frame
   * of its own, so the content events' sequencing per container never sees it. */
  | { type: 'moderation'; subscription_id: string; data: ModerationEvent }
  | { type: 'keep_alive' }
  | { type: 'error'; message: string; subscription_id?: string }
  /** Signals: someone else is typing there; `typist` stands for their socket, not their user. */
  | { type: 'typing'; subscription_id: string; content_container_uuid: string; typist: string }
  /** Signals: how many sockets (on every server process) have a signals subscription to the container. */
  | { type: 'presence'; subscription_id: string; content_container_uuid: string; count: number }
  /** A notification for the page's user, or a broadcast (docs/notifications.md "Live delivery"). */
  | { type: 'notification'; subscription_id: string; data: NotificationNotice };

// ---- pages (docs/api.md "pages") ----

export type PageType = 'article' | 'section' | 'video' | 'profile' | 'product';

/** A publisher page as the server stores it; `id` is its uuid (the page context's id). */
export interface Page {
  id: string;
  section_uuid: string;
  /** The page's unique id (`vf:unique_id`), else its url: the key a page is found by. */
  unique_id: string;
  url: string;
  title: string;
  description: string;
  image_url: string | null;
  image_alt: string | null;
  page_type: PageType;
  /** Owner/author ids: uuids, numeric ids, or `provider:social_id`. */
  owners: string[];
  topics: string[];
  /** The publisher's section label (`vf:section`), not the site. */
  page_section: string | null;
  lang: string | null;
  date_created: number;
  date_updated: number;
  /**
   * Where title, description and image come from: `hint` what a caller sent, until the server
   * has read the page; `page` the page itself; `staff` a moderator or admin; `server` the server's own seed.
   */
  meta_source: PageMetaSource;
}

export type PageMetaSource = 'hint' | 'page' | 'staff' | 'server';

/** POST /pages body (the client's common `section` names the site). */
export interface PageInput {
  url: string;
  unique_id?: string | null;
  title?: string;
  description?: string;
  image_url?: string | null;
  image_alt?: string | null;
  page_type?: PageType;
  owners?: string[];
  topics?: string[];
  page_section?: string | null;
  lang?: string | null;
}

/** PATCH /pages/{id} body: any of the editable fields. */
export type PageChange = Partial<Omit<PageInput, 'unique_id'>>;

/** Which comments a community list holds (docs/api.md "community"): newest, most liked in `days`, most liked + replied in `hours`. */
export type CommunityShow = 'latest' | 'popular' | 'trending';

/** One item of a community list: the comment and, when the server knows it, the page it is on. */
export interface CommunityComment extends Comment {
  page: { title: string; url: string } | null;
}

/** GET /api/v2/comments and users/{uuid}/comments: a community list. */
export interface CommunityCommentList {
  contents: CommunityComment[];
  more_available: boolean;
}

/** One of the site's top users (GET /api/v2/users?show=top): their activity in the window and the viewer's follow. */
export interface TopUser {
  uuid: string;
  name: string;
  pic_small: string | null;
  comments: number;
  likes_received: number;
  /** When the viewer began following them (ms), null when not; absent for a guest and for the viewer themself. */
  date_following?: number | null;
}
