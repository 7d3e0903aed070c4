/**
 * Wire types shared by the client and the server. Pure types: no runtime code,
 * so `server/` may import them (DESIGN.md: server → pure core modules only).
 * The protocol itself is described in docs/api.md.
 */

export type UserPrivilege = 'none' | 'guest' | 'user' | 'mod' | 'admin';
export type BanLevel = 'none' | 'posting' | 'ghost' | 'hide';

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
}

/** Site (the spec's section) settings returned by bootstrap. */
export interface SiteSettings {
  enable_commenting: boolean;
  enable_dislikes: boolean;
  enable_anonymous_comments: boolean;
  enable_user_comment_editing: boolean;
  enable_user_comment_remove: boolean;
  user_comment_edit_timeout: number; // seconds
  enable_muting: boolean;
  enable_email_verification: boolean;
  disable_widget_logins: boolean;
  [key: string]: boolean | number | string | null;
}

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
}

export interface AuthResult {
  user: User;
  session: string;
  access_token: string;
  refresh_token: string;
}

export interface ContainerSettings {
  is_hidden: boolean;
  is_closed: boolean;
}

export interface Container {
  content_container_uuid: string;
  container_id: string;
  section_uuid: string;
  total_visible_content: number;
  settings: ContainerSettings;
}

/** The author as embedded in each comment. */
export interface Actor {
  uuid: string;
  name: string;
  pic_small: string | null;
}

export type ContentState = 'visible' | 'disabled' | 'hidden' | 'awaiting_moderation' | 'spam';

export interface Comment {
  content_uuid: string;
  content: string; // plain text; rendered as text, never as HTML
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
  total_likes: number;
  total_dislikes: number;
  total_replies: number;
  total_direct_replies: number;
  /** What the requesting user has done to this comment. */
  actions: { liked: boolean; disliked: boolean };
  /** Direct replies, oldest first, at most reply_limit (top-level comments in a list only). */
  replies?: Comment[];
}

export type SortOrder = 'newest' | 'oldest' | 'num_likes_desc' | 'num_replies_desc';

export interface CommentPage {
  contents: Comment[];
  /** Pass as starting_from for the next page; null when there is no more. */
  next_starting_from: string | null;
  more_available: boolean;
  total_visible_content: number;
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
  | { type: 'subscribe'; subscription_id: string; filter: { one_of: RealtimeRule[] } }
  | { type: 'unsubscribe'; subscription_id: string }
  | { type: 'keep_alive' };

export type ContentEventName = 'created' | 'liked' | 'unliked';

export interface ContentEvent {
  event: ContentEventName;
  content_type: 'comments';
  section_uuid: string;
  content_container_uuid: string;
  content_uuid: string;
  actor_uuid: string;
  /** created: the new comment, viewer-neutral (actions all false, no replies). */
  content?: Comment;
  /** liked / unliked: the new like total. */
  total_likes?: number;
  time: number; // ms
}

export type ServerFrame =
  | { type: 'subscribe_success'; subscription_id: string }
  | { type: 'event'; subscription_id: string; data: ContentEvent }
  | { type: 'keep_alive' }
  | { type: 'error'; message: string; subscription_id?: string };
