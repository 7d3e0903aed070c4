/**
 * Notifications, broadcasts, follows and push (docs/notifications.md; content.md §3): the bodies
 * of the `/api/v5` calls, shared by client and server.
 */

export type NotificationType =
  | 'subscribed_page_content'
  | 'subscribed_user_content'
  | 'reply'
  | 'like'
  | 'follow'
  | 'broadcast_site'
  | 'broadcast_topic'
  | 'trending_article'
  // docs/law.md: a decision restricted my item or account (target_uuid: the statement of reasons),
  // my notice of illegal content was decided (target_uuid: the notice), my appeal was decided
  // (target_uuid: the appeal).
  | 'moderation_decision'
  | 'notice_decided'
  | 'appeal_decided';

/**
 * docs/law.md: a decision about the reader, or the outcome of their notice or appeal, reaches them
 * whoever took it — an automatic rule (no account), a moderator they muted or the site banned —
 * and names no one.
 */
export const LEGAL_NOTIFICATION_TYPES: ReadonlySet<NotificationType> = new Set(['moderation_decision', 'notice_decided', 'appeal_decided']);

export const NOTIFICATION_STATUSES = ['new', 'seen', 'read'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** List filters (content.md §3 "Notification list filters"). */
export const NOTIFICATION_FILTERS = ['likes', 'replies', 'editor-picks'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** One notification (content.md §3 "Notification (single)"); `time` in ms. */
export interface Notification {
  notification_uuid: string;
  notification_type: NotificationType;
  service_type: 'comments' | 'liveblog' | 'chat' | 'users' | 'broadcast';
  grouping_key: string;
  section_uuid: string;
  content_container_uuid: string | null;
  content_uuid: string | null;
  thread_uuid: string | null;
  /** My content it is about (reply, like), the followed user (follow) or the broadcast. */
  target_uuid: string | null;
  actor_uuid: string;
  actor_type: 'user';
  status: NotificationStatus;
  time: number;
}

/** Notifications sharing a grouping key (content.md §3 "Notification group"). */
export interface NotificationGroup {
  grouping_key: string;
  section_uuid: string;
  content_container_uuid: string | null;
  thread_uuid: string | null;
  notification_type: NotificationType;
  service_type: Notification['service_type'];
  /** Member uuids, newest first. */
  notifications: string[];
}

/** POST /v5/notifications/{s}/broadcasts: what a moderator or admin sends. */
export interface BroadcastBody {
  scope: 'site' | 'topic';
  topic_id?: string;
  title: string;
  description?: string;
  url?: string;
  image_url?: string;
  image_alt?: string;
}

/** A moderator's or admin's broadcast (content.md §3 "Broadcast notification"). */
export interface Broadcast {
  notification_uuid: string;
  notification_type: 'broadcast_site' | 'broadcast_topic';
  actor_uuid: string;
  section_uuid: string;
  target_title: string;
  target_description: string;
  target_url: string | null;
  target_image_url: string | null;
  target_image_alt: string | null;
  target_topic_id: string | null;
  time: number;
}

export interface NotificationActor {
  uuid: string;
  name: string;
  pic_small: string | null;
}

/** The piece of content a notification points at, with the deep link to it on its page. */
export interface NotificationContent {
  content_uuid: string;
  excerpt: string;
  container_uuid: string;
  thread_uuid: string;
  /** The page with `#vf-{content_uuid}`; null when the container's page is unknown. */
  url: string | null;
  title: string | null;
  is_picked: boolean;
}

/** GET /v5/notifications/{s}/all and …/mentions/{c}. */
export interface NotificationFeed {
  notifications: Notification[];
  groups: NotificationGroup[];
  actors: Record<string, NotificationActor>;
  contents: Record<string, NotificationContent>;
  broadcasts: Record<string, Broadcast>;
  counts: { new: number };
  /** The user's realtime channel key (docs/notifications.md "Live delivery"). */
  channel: string;
}

/** The realtime channel every page of a site hears broadcasts on. */
export const BROADCAST_CHANNEL = 'broadcast';

/** A realtime `notification` frame's data. */
export interface NotificationNotice {
  notification_channel: string;
  section_uuid: string;
  notification_type: NotificationType;
  notification_uuid: string;
  time: number;
  broadcast?: Broadcast;
  target_topic_id?: string | null;
}

/** A followed topic (content.md §3 "Followed topic record"). */
export interface FollowedTopic {
  topic_id: string;
  topic_name: string;
  topic_type: string;
  date_created: number;
}

/** A follower or followee (content.md §3 "Follow item"). */
export interface FollowItem {
  user_uuid: string;
  name: string;
  pic_small: string | null;
  date_created: number;
  type: 'user';
}

export interface FollowedPage {
  page_uuid: string;
  title: string;
  url: string;
  date_created: number;
}

/** POST /v5/subscriptions/{s}/push (content.md §3 "Push subscription payload"). */
export interface PushSubscriptionBody {
  service_type: string;
  subscription_id: string;
  public_key: string;
  auth_secret: string;
  endpoint: string;
  view?: { uniqueId?: string };
  meta?: { privilege?: string; url?: string; page?: string };
  rq?: string;
}

/** What the server sends a push service (the service worker's `push` event data, JSON). */
export interface PushPayload {
  title: string;
  body: string;
  /** Opened by notificationclick. */
  url: string | null;
  /** Replaces an earlier notification of the same group. */
  tag: string;
  icon: string | null;
}
