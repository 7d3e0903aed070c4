/**
 * The reader's data file (docs/accounts.md "Your data"): its type, and its JSON Schema for the
 * route's answer (the OpenAPI document shows it). userData.ts fills it.
 */
import { count, nullable, shape } from '../engine/schemas.ts';
import { MAIL_CATEGORIES, type MailPreferences } from '../../core/mail/types.ts';

export const USER_DATA_FORMAT = 'vf-user-data';
export const USER_DATA_VERSION = 1;

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const time = count;
const maybeTime = nullable('integer');
const list = (item: object) => ({ type: 'array', items: item }) as const;

export interface UserData {
  format: typeof USER_DATA_FORMAT;
  version: number;
  exported_at: number;
  site: { uuid: string; name: string };
  profile: {
    uuid: string; name: string; email: string | null; email_verification_status: string; pic_small: string | null; pic_large: string | null;
    pending_name: string | null; pending_pic_large: string | null; login_provider: string | null; has_password: boolean; user_privilege: string;
    trusted_flagger: boolean; date_created: number; deletion_requested_at: number | null; delete_after: number | null;
  };
  contents: {
    uuid: string; type: string; kind: string; state: string; text: string; media?: unknown[]; rating?: number; title?: string;
    parent_uuid: string | null; thread_uuid: string; date_created: number; date_edited: number | null; total_likes: number; total_dislikes: number;
    container_id: string; page: { url: string; title: string } | null;
  }[];
  reactions: { content_uuid: string; kind: string; date_created: number }[];
  reports: { content_uuid: string; reason: string | null; date_created: number }[];
  poll_votes: { poll_uuid: string; question: string; options: string[]; date_created: number }[];
  follows: {
    users: { user_uuid: string; date_created: number }[];
    topics: { topic_id: string; topic_name: string; topic_type: string; date_created: number }[];
    pages: { page_uuid: string; url: string; title: string; date_created: number }[];
  };
  mutes: { user_uuid: string; date_created: number }[];
  notifications: {
    push_notifications_on: boolean; email: MailPreferences; push_subscriptions: { endpoint_host: string; date_created: number }[];
    /** What waits for their next hourly or daily digest (mail_digest_items not yet digested). */
    pending_digest_items: { category: string; reason: string; item_uuid: string; date_created: number }[];
  };
  sessions: { date_created: number; date_expires: number; date_revoked: number | null }[];
  shares: { page_uuid: string; network: string; date_created: number }[];
  bans: { ban_level: string; user_message: string; is_permanent: boolean; date_created: number; date_expired: number | null; date_revoked: number | null }[];
  statements: {
    uuid: string; content_uuid: string | null; restriction: string; ground_type: string; ground: string; ground_label: string; explanation: string | null;
    facts: string; automated: boolean; automated_rule: string | null; state: string; appeal_until: number; date_created: number;
  }[];
  appeals: {
    uuid: string; statement_uuid: string | null; notice_uuid: string | null; appellant_role: string; text: string; state: string;
    explanation: string | null; decided_at: number | null; date_created: number;
  }[];
  notices: {
    uuid: string; reference: string; target_type: string; content_uuid: string | null; kind: string; explanation: string;
    reporter_name: string | null; reporter_email: string | null; state: string; decided_at: number | null; date_created: number;
  }[];
}

const page = { type: ['object', 'null'], additionalProperties: false, properties: { url: text, title: text }, required: ['url', 'title'] } as const;

/** The document (JSON Schema), as `GET /api/v2/users/me/data` sends it. */
export const USER_DATA_SCHEMA = {
  ...shape({
    format: { type: 'string', const: USER_DATA_FORMAT },
    version: count,
    exported_at: time,
    site: shape({ uuid: text, name: text }),
    profile: shape({
      uuid: text, name: text, email: nullable('string'), email_verification_status: text, pic_small: nullable('string'), pic_large: nullable('string'),
      pending_name: nullable('string'), pending_pic_large: nullable('string'), login_provider: nullable('string'), has_password: flag, user_privilege: text,
      trusted_flagger: flag, date_created: time, deletion_requested_at: maybeTime, delete_after: maybeTime,
    }),
    contents: list(shape({
      uuid: text, type: text, kind: text, state: text, text, media: list({ type: 'object' }), rating: count, title: text,
      parent_uuid: nullable('string'), thread_uuid: text, date_created: time, date_edited: maybeTime, total_likes: count, total_dislikes: count,
      container_id: text, page,
    })),
    reactions: list(shape({ content_uuid: text, kind: text, date_created: time })),
    reports: list(shape({ content_uuid: text, reason: nullable('string'), date_created: time })),
    poll_votes: list(shape({ poll_uuid: text, question: text, options: list(text), date_created: time })),
    follows: shape({
      users: list(shape({ user_uuid: text, date_created: time })),
      topics: list(shape({ topic_id: text, topic_name: text, topic_type: text, date_created: time })),
      pages: list(shape({ page_uuid: text, url: text, title: text, date_created: time })),
    }),
    mutes: list(shape({ user_uuid: text, date_created: time })),
    notifications: shape({
      push_notifications_on: flag,
      email: shape({ email_notice_frequency: text, categories: shape(Object.fromEntries(MAIL_CATEGORIES.map((category) => [category, flag]))) }),
      push_subscriptions: list(shape({ endpoint_host: text, date_created: time })),
      pending_digest_items: list(shape({ category: text, reason: text, item_uuid: text, date_created: time })),
    }),
    sessions: list(shape({ date_created: time, date_expires: time, date_revoked: maybeTime })),
    shares: list(shape({ page_uuid: text, network: text, date_created: time })),
    bans: list(shape({ ban_level: text, user_message: text, is_permanent: flag, date_created: time, date_expired: maybeTime, date_revoked: maybeTime })),
    statements: list(shape({
      uuid: text, content_uuid: nullable('string'), restriction: text, ground_type: text, ground: text, ground_label: text, explanation: nullable('string'),
      facts: text, automated: flag, automated_rule: nullable('string'), state: text, appeal_until: time, date_created: time,
    })),
    appeals: list(shape({
      uuid: text, statement_uuid: nullable('string'), notice_uuid: nullable('string'), appellant_role: text, text, state: text,
      explanation: nullable('string'), decided_at: maybeTime, date_created: time,
    })),
    notices: list(shape({
      uuid: text, reference: text, target_type: text, content_uuid: nullable('string'), kind: text, explanation: text,
      reporter_name: nullable('string'), reporter_email: nullable('string'), state: text, decided_at: maybeTime, date_created: time,
    })),
  }, ['format', 'version', 'exported_at', 'site', 'profile', 'contents']),
  description: "The signed-in reader's data, as a file (Content-Disposition: attachment): docs/accounts.md \"Your data\"",
} as const;
