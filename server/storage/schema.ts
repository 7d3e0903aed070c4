/**
 * The typed shape of every table, as Kysely sees it. Timestamps are milliseconds (bigint
 * columns, parsed to numbers on both engines); booleans are integers 0/1 so the same SQL runs
 * on SQLite and PostgreSQL.
 */
import type { Generated } from 'kysely';
import type { ContentType } from '../../core/api/types.ts';

export interface SitesTable {
  uuid: string;
  name: string;
  domains: string; // JSON array of host names
  settings: string; // JSON object (SiteSettings)
  date_created: number;
}

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  site_uuid: string;
  email: string; // lowercased; unique per site
  name: string;
  password_hash: string;
  user_privilege: string;
  date_created: number;
  /** Muted by the site's moderators (migration 002): 0/1; inserts leave it to the default. */
  is_muted?: number;
  /** Pictures (migration 007): `/avatars/<file>` paths; the _pending pair awaits a moderator. */
  pic_small?: string | null;
  pic_large?: string | null;
  pic_small_pending?: string | null;
  pic_large_pending?: string | null;
  /** none | pending | approved | rejected (migration 007; inserts leave it to 'none'). */
  avatar_moderation_status?: string;
  username_pending?: string | null;
  username_moderation_status?: string;
  /** none | pending | pending_new | approved | rejected (migration 005; inserts leave it to 'none'). */
  email_verification_status?: string;
  /** External identity (migration 006): sso | oidc | a social provider, and its subject; unique per site. */
  social_login_provider?: string | null;
  social_login_id?: string | null;
  /** Browser push switched on (migration 015: `is_user_notification_on`); inserts leave it 0. */
  push_notifications_on?: number;
  /** Migration 024: 0/1, their posts skip automatic holds (platform.md's badge_trusted). */
  badge_trusted?: number;
  /** Migration 024: 0/1, every post of theirs waits for a moderator. */
  always_premoderate?: number;
  /** Migration 027 (docs/law.md): 0/1, their notices of illegal content come first (DSA Art. 22). */
  trusted_flagger?: number;
  /** Migration 027: when the reader asked to delete their account (erased DELETION_GRACE_MS later); null: not asked. */
  deletion_requested_at?: number | null;
  /** Migration 027: when the account was erased (a pseudonym stays; name, email, password gone). */
  erased_at?: number | null;
  /** Migration 028 (docs/notifications.md "Email"): MailFrequency; inserts leave it 'immediate'. */
  email_notice_frequency?: string;
  /** Migration 028: JSON MailCategories; null: every category on. */
  email_notice_categories?: string | null;
}

/** A site's login method (migration 006): `config` is JSON with secrets, never sent to a client. */
export interface SiteLoginsTable {
  site_uuid: string;
  method: string; // cookie | jwt | oidc | a social login type
  config: string;
  date_updated: number;
}

/** One-time account tokens (migration 005): mailed for a password reset or an email check. */
export interface AccountTokensTable {
  token_hash: string; // sha256 (hex) of the token; the token itself is never stored
  purpose: string; // reset | verify
  user_uuid: string;
  date_created: number;
  date_expires: number;
  date_used: number | null;
}

/** One user following another (migration 007): unique pair. */
export interface FollowsTable {
  follower_uuid: string;
  followee_uuid: string;
  site_uuid: string;
  page_id: string | null;
  date_created: number;
}

/** One user muting another for themselves (migration 007): unique pair. */
export interface MutesTable {
  muter_uuid: string;
  muted_uuid: string;
  site_uuid: string;
  date_created: number;
}

export interface SessionsTable {
  id: string; // 24 alphanumerics, the token's sid
  user_uuid: string;
  refresh_hash: string; // sha256 (hex) of the current refresh token
  date_created: number;
  date_expires: number;
  date_revoked: number | null;
}

export interface ContainersTable {
  uuid: string;
  site_uuid: string;
  container_id: string;
  is_hidden: number;
  is_closed: number;
  total_visible_content: number;
  date_created: number;
  /** The last realtime event's number in this container (migration 003). */
  event_seq?: number; // optional: inserts leave it to the column default (0)
  /** New comments wait for a moderator (migration 008): 0/1; inserts leave it to the default. */
  is_premoderated?: number;
  /** Migration 014: chats' slow mode, seconds between one reader's messages (0: off). */
  slow_mode_seconds?: number;
  /** conversation | liveblog | chat (migration 011); unique with site_uuid and container_id. */
  kind: ContainerKind;
}

/** What a container holds (DESIGN.md "One content engine"). */
export type ContainerKind = 'conversation' | 'liveblog' | 'chat' | 'reviews';

/** What a content row is (content.md §3); `reply` is a reply to a comment. */
export type { ContentType };

/** Every kind of content (migration 011; `comments` before it): comments, replies, posts, messages. */
export interface ContentsTable {
  uuid: string;
  type: ContentType;
  site_uuid: string;
  container_uuid: string;
  thread_uuid: string;
  parent_uuid: string | null;
  parent_actor_uuid: string | null;
  actor_uuid: string;
  content: string;
  state: string;
  total_likes: number;
  total_dislikes: number;
  total_replies: number;
  total_direct_replies: number;
  is_edited: number;
  is_picked: number;
  is_pinned: number;
  date_created: number;
  date_edited: number | null;
  /** Migration 008 (optional: inserts may leave them to their defaults). */
  anonymous_name?: string | null; // the guest's name when posted anonymously
  total_flags?: number;
  date_pinned?: number | null;
  date_locked?: number | null; // no author edits or removal after this (ms)
  /** Migration 012: a live-blog post's images, JSON of MediaItem[]. */
  media?: string | null;
  /** Migration 024 (docs/moderation.md): JSON HoldReason (core/moderation/reasons.ts); null: nothing held it. */
  hold_reason?: string | null;
  /** When and by whom a moderator last decided on it (migration 024); null: unmoderated. */
  moderated_at?: number | null;
  moderated_by?: string | null;
}

/** Images uploaded to a live blog (migration 012), served at `/media/<file>`. */
export interface MediaTable {
  uuid: string;
  site_uuid: string;
  container_uuid: string;
  uploader_uuid: string;
  file: string; // <32 hex>.<ext> under <dataDir>/media/
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  date_created: number;
}

/** Flags (migration 008): one per user and content row. */
export interface FlagsTable {
  content_uuid: string;
  user_uuid: string;
  date_created: number;
  /** Migration 025: the reader's reason for the report (optional; moderators see it in the queue). */
  reason?: string | null;
}

/** Likes and dislikes (migration 011; `likes` and `dislikes` before it): one per user, content and kind. */
export interface ReactionsTable {
  content_uuid: string;
  user_uuid: string;
  kind: ReactionKind;
  date_created: number;
}

export type ReactionKind = 'like' | 'dislike';

/** The realtime event log (migration 003): one row per ContentEvent. */
export interface EventsTable {
  container_uuid: string;
  seq: number;
  site_uuid: string;
  payload: string; // JSON ContentEvent
  date_created: number;
}

/** Publisher pages (migration 002), one per site and unique id. */
export interface PagesTable {
  uuid: string;
  site_uuid: string;
  unique_id: string;
  url: string;
  title: string;
  description: string;
  image_url: string | null;
  image_alt: string | null;
  page_type: string;
  owners: string; // JSON array
  topics: string; // JSON array
  section: string | null;
  lang: string | null;
  date_created: number;
  date_updated: number;
  /** Where title, description and image came from (migration 023): hint | page | staff | server. */
  meta_source: Generated<string>;
  /** When the server last started reading the page (ms); null: never. */
  meta_read_at: number | null;
  /** When a read of the page last collected its conversations (migration 026, ms); null: never. */
  containers_read_at: number | null;
}

/** The page each conversation is on (migration 026): one per site and container id (server/pages/containerPages.ts). */
export interface PageContainersTable {
  site_uuid: string;
  container_id: string;
  page_uuid: string;
  /** How surely the page holds it: 3 its own as read, 2 shown by an element, 1 its key (containerPages.ts JOIN_STRENGTH). */
  strength: number;
  date_created: number;
}

/** Social popup logins in progress (migration 010): see server/auth/socialFlows.ts. */
export interface LoginFlowsTable {
  key_hash: string;
  kind: string; // pending | issued
  payload: string; // JSON
  date_expires: number;
}

export interface Database {
  sites: SitesTable;
  users: UsersTable;
  sessions: SessionsTable;
  containers: ContainersTable;
  contents: ContentsTable;
  reactions: ReactionsTable;
  pages: PagesTable;
  page_containers: PageContainersTable;
  events: EventsTable;
  bans: BansTable;
  login_flows: LoginFlowsTable;
  follows: FollowsTable;
  mutes: MutesTable;
  flags: FlagsTable;
  account_tokens: AccountTokensTable;
  site_logins: SiteLoginsTable;
  media: MediaTable;
  notifications: NotificationsTable;
  broadcasts: BroadcastsTable;
  topic_follows: TopicFollowsTable;
  page_follows: PageFollowsTable;
  push_subscriptions: PushSubscriptionsTable;
  server_keys: ServerKeysTable;
  shares: SharesTable;
  page_reads: PageReadsTable;
  polls: PollsTable;
  poll_options: PollOptionsTable;
  poll_votes: PollVotesTable;
  reviews: ReviewsTable;
  review_counts: ReviewCountsTable;
  analytics_eids: AnalyticsEidsTable;
  analytics_visitors: AnalyticsVisitorsTable;
  analytics_site_days: AnalyticsSiteDaysTable;
  analytics_page_days: AnalyticsPageDaysTable;
  analytics_breakdowns: AnalyticsBreakdownsTable;
  analytics_pages: AnalyticsPagesTable;
  import_map: ImportMapTable;
  import_pending: ImportPendingTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  moderation_decisions: ModerationDecisionsTable;
  staff_notes: StaffNotesTable;
  moderation_settings: ModerationSettingsTable;
  legal_settings: LegalSettingsTable;
  legal_notices: LegalNoticesTable;
  statements_of_reasons: StatementsOfReasonsTable;
  appeals: AppealsTable;
  mail_outbox: MailOutboxTable;
  mail_deliveries: MailDeliveriesTable;
  mail_digest_items: MailDigestItemsTable;
  content_followups: ContentFollowupsTable;
}

/** Migration 018: a review's stars and title, beside its content row (one per reader and container). */
export interface ReviewsTable {
  content_uuid: string;
  container_uuid: string;
  actor_uuid: string;
  rating: number;
  title: string;
  /** The content row's creation time (the star orders' indexes end in it). */
  date_created: number;
  date_rated: number;
}

/** Migration 018: a container's visible reviews per star (kinds/reviews/queries.ts keeps it). */
export interface ReviewCountsTable {
  container_uuid: string;
  rating: number;
  total: number;
}

/** Migration 015 (docs/notifications.md): one row per recipient. */
export interface NotificationsTable {
  uuid: string;
  site_uuid: string;
  user_uuid: string;
  type: string;
  grouping_key: string;
  actor_uuid: string;
  content_uuid: string | null;
  container_uuid: string | null;
  target_uuid: string | null;
  status: string; // new | seen | read
  date_created: number;
}

export interface BroadcastsTable {
  uuid: string;
  site_uuid: string;
  actor_uuid: string;
  topic_id: string | null;
  title: string;
  description: string;
  url: string | null;
  image_url: string | null;
  image_alt: string | null;
  date_created: number;
}

/** Migration 016: the containers a visitor read (for trendingrecommended), keyed by a hash of their visitor id. */
export interface PageReadsTable {
  site_uuid: string;
  visitor_key: string;
  container_uuid: string;
  date_read: number;
}

export interface TopicFollowsTable {
  user_uuid: string;
  site_uuid: string;
  topic_id: string;
  topic_name: string;
  topic_type: string;
  date_created: number;
}

export interface PageFollowsTable {
  user_uuid: string;
  page_uuid: string;
  site_uuid: string;
  date_created: number;
}

export interface PushSubscriptionsTable {
  user_uuid: string;
  subscription_id: string;
  site_uuid: string;
  endpoint: string;
  public_key: string;
  auth_secret: string;
  date_created: number;
}

/** Keys the server makes itself once (the VAPID pair for browser push). */
export interface ServerKeysTable {
  name: string;
  public_key: string;
  private_key: string;
  date_created: number;
}

/** Bans (migration 004): the latest unexpired, unrevoked row per user is the effective ban. */
export interface BansTable {
  uuid: string;
  site_uuid: string;
  user_uuid: string;
  ban_level: string; // posting | ghost | hide | login
  user_message: string;
  is_permanent: number; // 0/1
  created_by: string;
  date_created: number;
  date_expired: number | null;
  date_revoked: number | null;
}

/** Migration 019 (docs/api.md "shares"): one row per recorded share of a page. */
export interface SharesTable {
  uuid: string;
  site_uuid: string;
  page_uuid: string;
  network: string;
  sharer_uuid: string | null; // null: a guest
  date_created: number;
}

/** Migration 017 (docs/polls.md). */
export interface PollsTable {
  uuid: string;
  site_uuid: string;
  poll_id: string;
  question: string;
  multiple: number; // 0/1
  results_visibility: string; // always | after_vote | after_close
  closes_at: number | null;
  is_closed: number; // 0/1, closed by hand
  total_votes: number;
  creator_uuid: string;
  container_uuid: string | null;
  content_uuid: string | null;
  date_created: number;
}

export interface PollOptionsTable {
  uuid: string;
  poll_uuid: string;
  position: number;
  text: string;
  votes: number;
}

export interface PollVotesTable {
  poll_uuid: string;
  voter_key: string;
  option_uuids: string; // JSON list
  date_created: number;
}

/** Migration 020 (docs/analytics.md): event ids seen in the last days, so a retried batch counts once. */
export interface AnalyticsEidsTable {
  eid: string;
  day: number; // UTC days since the epoch
}

/** Migration 020: one row per site, day and visitor (a site-salted hash of the visitor id). */
export interface AnalyticsVisitorsTable {
  site_uuid: string;
  day: number;
  visitor: string;
}

/** Migration 020: a site's figures per UTC day. */
export interface AnalyticsSiteDaysTable {
  site_uuid: string;
  day: number;
  page_views: number;
  visitors: number;
  engaged_ms: number;
  recirculation_clicks: number;
  events: number;
}

/** Migration 020: a page's figures per UTC day. */
export interface AnalyticsPageDaysTable {
  site_uuid: string;
  day: number;
  page_id: string;
  page_views: number;
  engaged_ms: number;
  recirculation_clicks: number;
}

/** Migration 020: counts per day by a dimension (referrer, recirculation, event, ad_failure) and its value. */
export interface AnalyticsBreakdownsTable {
  site_uuid: string;
  day: number;
  dimension: string;
  value: string;
  n: number;
}

/** Migration 020: a page's latest url and title as events reported them. */
export interface AnalyticsPagesTable {
  site_uuid: string;
  page_id: string;
  url: string;
  title: string;
  last_seen: number;
}

/** Migration 022 (docs/webhooks.md): a URL a site's admins registered for some events. */
export interface WebhooksTable {
  uuid: string;
  site_uuid: string;
  url: string;
  description: string;
  events: string; // JSON array of WebhookEventType
  secret: string;
  last_delivery_uuid: string | null;
  created_by: string;
  date_created: number;
  date_updated: number;
}

/** Migration 022: one event's delivery to one webhook (the outbox). */
export interface WebhookDeliveriesTable {
  uuid: string;
  webhook_uuid: string;
  site_uuid: string;
  event_type: string;
  body: string;
  status: string; // pending | delivered | failed
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  lease_token: string | null;
  last_status: number | null;
  last_error: string | null;
  date_created: number;
  date_last_attempt: number | null;
}

/** Migration 021 (docs/import.md): what an imported record became (a container, content row or account). */
export interface ImportMapTable {
  site_uuid: string;
  source: string; // disqus | wxr | email (authors)
  kind: string; // thread | comment | author
  source_id: string;
  vf_uuid: string;
  date_created: number;
}

/** Migration 021: an imported reply waiting for its parent (listed later in the file). */
export interface ImportPendingTable {
  site_uuid: string;
  source: string;
  source_id: string;
  waits_for: string;
  payload: string; // JSON SourceComment (server/import/sources.ts)
}

/** Migration 024 (docs/moderation.md): every decision on an item, by a moderator or automatic. */
export interface ModerationDecisionsTable {
  uuid: string;
  site_uuid: string;
  content_uuid: string;
  actor_uuid: string;
  action: string;
  state_before: string;
  state_after: string;
  reason: string | null; // JSON HoldReason
  date_created: number;
}

/** Migration 024: a staff-only note on a user of the site. */
export interface StaffNotesTable {
  uuid: string;
  site_uuid: string;
  user_uuid: string;
  author_uuid: string;
  text: string;
  date_created: number;
}

/** Migration 024: a site's automatic-moderation settings, JSON with secrets (never sent to readers). */
export interface ModerationSettingsTable {
  site_uuid: string;
  settings: string;
  date_updated: number;
}

/** Migration 027 (docs/law.md): a site's grounds and erasure choice, JSON LegalSettings. */
export interface LegalSettingsTable {
  site_uuid: string;
  settings: string;
  date_updated: number;
}

/** Migration 027: a notice of illegal content (DSA Art. 16). */
export interface LegalNoticesTable {
  uuid: string;
  site_uuid: string;
  reference: string;
  target_type: string; // NoticeTargetType
  content_uuid: string | null;
  target_user_uuid: string | null;
  kind: string;
  explanation: string;
  reporter_name: string | null;
  reporter_email: string | null;
  reporter_user_uuid: string | null;
  trusted: number;
  state: string; // NoticeState
  decided_by: string | null;
  decided_at: number | null;
  statement_uuid: string | null;
  date_created: number;
}

/** Migration 027: a statement of reasons (DSA Art. 17), one per restricting decision. */
export interface StatementsOfReasonsTable {
  uuid: string;
  site_uuid: string;
  user_uuid: string | null;
  content_uuid: string | null;
  notice_uuid: string | null;
  decision_uuid: string | null;
  restriction: string; // Restriction
  ground_type: string; // GroundType
  ground: string;
  ground_label: string;
  explanation: string | null;
  facts: string;
  automated: number;
  automated_rule: string | null;
  moderator_uuid: string | null;
  state: string; // in_force | reversed
  appeal_until: number;
  date_created: number;
}

/** Migration 027: an appeal (DSA Art. 20) of a statement (by its author) or of a notice judged not illegal (by its reporter). */
export interface AppealsTable {
  uuid: string;
  site_uuid: string;
  statement_uuid: string | null;
  notice_uuid: string | null;
  appellant_uuid: string | null;
  appellant_role: string; // author | reporter
  text: string;
  first_decided_by: string | null;
  state: string; // open | upheld | reversed
  decided_by: string | null;
  decided_at: number | null;
  explanation: string | null;
  single_moderator: number;
  date_created: number;
}

/**
 * Migration 028 (docs/notifications.md "Email"): a mail to a reader, written once; migration 030
 * moved what changes as it is sent to MailDeliveriesTable.
 */
export interface MailOutboxTable {
  uuid: string;
  site_uuid: string;
  user_uuid: string | null;
  category: string | null;
  dedupe_key: string;
  mail: string; // JSON OutboxMail
  date_created: number;
}

/** Migration 030 (docs/mail.md "Delivery"): one outbox mail's delivery, from written to sent or given up (a small row, rewritten by claims and marks). */
export interface MailDeliveriesTable {
  outbox_uuid: string;
  state: string; // OutboxState
  attempts: number;
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  date_sent: number | null;
}

/** Migration 029 (docs/notifications.md "Email"): an item waiting for a reader's hourly or daily digest. */
export interface MailDigestItemsTable {
  uuid: string;
  site_uuid: string;
  user_uuid: string;
  category: string; // MailCategory
  reason: string; // MailReason
  item_uuid: string;
  actor_uuid: string | null;
  dedupe_key: string;
  date_created: number;
  digested_at: number | null;
  digest_key: string | null;
}

/** Migration 031 (server/engine/followups.ts): after-commit work an item's write left to do. */
export interface ContentFollowupsTable {
  content_uuid: string;
  kind: string;
  actor_uuid: string | null;
  due_at: number;
  tries: number;
}
