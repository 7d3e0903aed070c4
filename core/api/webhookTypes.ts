/**
 * Webhooks' shared contract (docs/webhooks.md): the event types a site's admins subscribe to, the
 * admin API's shapes (`/api/v2/sites/{uuid}/webhooks`), and the payload a receiver gets.
 */
import type { Comment } from './types.ts';

/** Content events (anything posted: comments, replies, chat messages, reviews, live-blog posts). */
export const WEBHOOK_CONTENT_EVENTS = ['comment.created', 'reply.created', 'comment.edited', 'comment.deleted', 'liveblog.post_published'] as const;
/** Moderation events. */
export const WEBHOOK_MODERATION_EVENTS = ['comment.approved', 'comment.rejected', 'comment.flagged', 'user.banned'] as const;
export const WEBHOOK_EVENTS = [...WEBHOOK_CONTENT_EVENTS, ...WEBHOOK_MODERATION_EVENTS] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What "send a test ping" sends; not subscribable. */
export const WEBHOOK_PING = 'webhook.ping';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One delivery as admins see it. */
export interface WebhookDelivery {
  delivery_uuid: string;
  event: WebhookEventType | typeof WEBHOOK_PING;
  status: DeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status at the last attempt; null: no answer (see last_error) or not tried yet. */
  last_status: number | null;
  last_error: string | null;
  date_created: number;
  date_last_attempt: number | null;
  /** When a pending delivery is tried next (ms). */
  next_attempt_at: number | null;
}

/** A webhook as the admin API answers it: never its secret, except `secret` right after creation or rotation. */
export interface Webhook {
  webhook_uuid: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  date_created: number;
  date_updated: number;
  /** The delivery attempted last, null before the first attempt. */
  last_delivery: WebhookDelivery | null;
  secret?: string;
}

export interface WebhookInput {
  url: string;
  events: WebhookEventType[];
  description?: string;
}

/** Where a content event happened. */
export interface WebhookContainer {
  uuid: string;
  container_id: string;
  kind: string;
}

/** The JSON body of every delivery. */
export interface WebhookPayload<Data = WebhookContentData | WebhookBanData | WebhookPingData> {
  /** The delivery's uuid: the same on every retry (receivers deduplicate with it). */
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING;
  /** The site's uuid. */
  site: string;
  /** ISO 8601 time of the event. */
  created_at: string;
  data: Data;
}

/** comment.* / reply.created / liveblog.post_published. */
export interface WebhookContentData {
  /** The item's public fields as the API shows them (a deleted item's text and images are left out). */
  comment: Omit<Comment, 'actions'>;
  /** comment | reply | liveblog_post | reply_to_liveblog_post | chat_message | review */
  content_type: string;
  container: WebhookContainer;
  /** Who made the change (the author; the moderator for edits by others and moderation); absent on comment.flagged, whose flaggers stay private. */
  by_uuid?: string;
}

/** user.banned. */
export interface WebhookBanData {
  user: { uuid: string; name: string };
  ban: { ban_uuid: string; ban_level: string; reason: string; is_permanent: boolean; date_created: number; date_expired: number | null };
  by_uuid: string;
}

export interface WebhookPingData {
  webhook_uuid: string;
}
