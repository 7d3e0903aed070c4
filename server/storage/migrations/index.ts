/**
 * Every migration, in order. A static list (not a folder scan) so bundling and tsx both work
 * and the order is explicit. Never edit a shipped migration: add the next one.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001_initial.ts';
import { pages } from './002_pages.ts';
import { events } from './003_events.ts';
import { bans } from './004_bans.ts';
import { accounts } from './005_accounts.ts';
import { siteLogins } from './006_site_logins.ts';
import { profiles } from './007_profiles.ts';
import { moderation } from './008_moderation.ts';
import { commentIndexes } from './009_comment_indexes.ts';
import { loginFlows } from './010_login_flows.ts';
import { contentEngine } from './011_content_engine.ts';
import { media } from './012_media.ts';
import { pinnedIndex } from './013_pinned_index.ts';
import { chat } from './014_chat.ts';
import { notifications } from './015_notifications.ts';
import { trending } from './016_trending.ts';
import { polls } from './017_polls.ts';
import { reviews } from './018_reviews.ts';
import { shares } from './019_shares.ts';
import { analytics } from './020_analytics.ts';
import { imports } from './021_imports.ts';
import { webhooks } from './022_webhooks.ts';
import { pageMeta } from './023_page_meta.ts';
import { moderationQueue } from './024_moderation_queue.ts';
import { moderationQueueIndexes } from './025_moderation_queue_indexes.ts';
import { pageContainers } from './026_page_containers.ts';
import { legal } from './027_legal.ts';
import { mailOutbox } from './028_mail_outbox.ts';
import { mailDigests } from './029_mail_digests.ts';
import { mailDeliveries } from './030_mail_deliveries.ts';
import { contentFollowups } from './031_content_followups.ts';

const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_pages': pages,
  '003_events': events,
  '004_bans': bans,
  '005_accounts': accounts,
  '006_site_logins': siteLogins,
  '007_profiles': profiles,
  '008_moderation': moderation,
  '009_comment_indexes': commentIndexes,
  '010_login_flows': loginFlows,
  '011_content_engine': contentEngine,
  '012_media': media,
  '013_pinned_index': pinnedIndex,
  '014_chat': chat,
  '015_notifications': notifications,
  '016_trending': trending,
  '017_polls': polls,
  '018_reviews': reviews,
  '019_shares': shares,
  '020_analytics': analytics,
  '021_imports': imports,
  '022_webhooks': webhooks,
  '023_page_meta': pageMeta,
  '024_moderation_queue': moderationQueue,
  '025_moderation_queue_indexes': moderationQueueIndexes,
  '026_page_containers': pageContainers,
  '027_legal': legal,
  '028_mail_outbox': mailOutbox,
  '029_mail_digests': mailDigests,
  '030_mail_deliveries': mailDeliveries,
  '031_content_followups': contentFollowups,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
