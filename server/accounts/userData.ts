/**
 * A reader's data as one JSON document (GDPR Art. 15 and 20; docs/accounts.md "Your data"): the
 * profile, every item they wrote with the page it is on (the server's page join), their likes,
 * reports, poll votes, follows, mutes, notification settings and pending digest items, sessions,
 * bans, and the statements of reasons, appeals and notices that concern them. Made for
 * `GET /api/v2/users/me/data` (dataRoutes.ts) and `npm run admin -- export-user` alike. Never a
 * password hash, a token, a push subscription's keys, or another reader's name or email. A
 * reader's data fits in memory.
 */
import type { Kysely } from 'kysely';
import { CONFIRMED_META, pageOfContainer } from '../pages/index.ts';
import type { Site } from '../engine/sites.ts';
import type { UserRow } from '../engine/users.ts';
import type { Database } from '../storage/schema.ts';
import { preferencesOf } from '../mail/index.ts';
import { deletionOf } from './deletionRequests.ts';
import { USER_DATA_FORMAT, USER_DATA_VERSION, type UserData } from './userDataSchema.ts';

const num = (value: number | string | null | undefined): number | null => (value == null ? null : Number(value));
const bool = (value: number | string | null | undefined) => Number(value ?? 0) === 1;

/** The host of a push endpoint (its path identifies the browser to the push service: left out). */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

function profileOf(user: UserRow): UserData['profile'] {
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email.includes('@') ? user.email : null, // an external account without one holds a placeholder
    email_verification_status: user.email_verification_status ?? 'none',
    pic_small: user.pic_small ?? null,
    pic_large: user.pic_large ?? null,
    pending_name: user.username_pending ?? null,
    pending_pic_large: user.pic_large_pending ?? null,
    login_provider: user.social_login_provider ?? null,
    has_password: user.password_hash.startsWith('scrypt$'),
    user_privilege: user.user_privilege,
    trusted_flagger: bool(user.trusted_flagger),
    date_created: Number(user.date_created),
    deletion_requested_at: num(user.deletion_requested_at),
    delete_after: deletionOf(user),
  };
}

/** Everything they wrote, any state, oldest first, with the page it is on. */
async function contentsOf(db: Kysely<Database>, uuid: string): Promise<UserData['contents']> {
  const rows = await db
    .selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .leftJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)).on('pages.meta_source', 'in', CONFIRMED_META))
    .leftJoin('reviews', 'reviews.content_uuid', 'contents.uuid')
    .select([
      'contents.uuid', 'contents.type', 'contents.state', 'contents.content', 'contents.media', 'contents.parent_uuid', 'contents.thread_uuid',
      'contents.date_created', 'contents.date_edited', 'contents.total_likes', 'contents.total_dislikes', 'contents.anonymous_name',
      'containers.kind', 'containers.container_id', 'pages.url as page_url', 'pages.title as page_title', 'reviews.rating', 'reviews.title as review_title',
    ])
    .where('contents.actor_uuid', '=', uuid)
    .orderBy('contents.date_created')
    .orderBy('contents.uuid')
    .execute();
  return rows
    // Erased words (an erasure emptied a deleted item) are nothing to give back.
    .filter((row) => !(row.state === 'deleted' && row.content === ''))
    .map((row) => ({
      uuid: row.uuid,
      type: row.type,
      kind: row.kind,
      state: row.state,
      text: row.content,
      ...(row.media ? { media: JSON.parse(row.media) as unknown[] } : {}),
      ...(row.rating != null ? { rating: Number(row.rating), title: row.review_title ?? '' } : {}),
      parent_uuid: row.parent_uuid,
      thread_uuid: row.thread_uuid,
      date_created: Number(row.date_created),
      date_edited: num(row.date_edited),
      total_likes: Number(row.total_likes),
      total_dislikes: Number(row.total_dislikes),
      container_id: row.container_id,
      page: row.page_url == null ? null : { url: row.page_url, title: row.page_title ?? '' },
    }));
}

async function votesOf(db: Kysely<Database>, uuid: string): Promise<UserData['poll_votes']> {
  const votes = await db
    .selectFrom('poll_votes')
    .innerJoin('polls', 'polls.uuid', 'poll_votes.poll_uuid')
    .select(['poll_votes.poll_uuid', 'polls.question', 'poll_votes.option_uuids', 'poll_votes.date_created'])
    .where('poll_votes.voter_key', '=', `user:${uuid}`)
    .orderBy('poll_votes.date_created')
    .execute();
  const chosen = votes.flatMap((vote) => JSON.parse(vote.option_uuids) as string[]);
  const options = chosen.length ? await db.selectFrom('poll_options').select(['uuid', 'text']).where('uuid', 'in', chosen).execute() : [];
  const text = new Map(options.map((option) => [option.uuid, option.text]));
  return votes.map((vote) => ({
    poll_uuid: vote.poll_uuid,
    question: vote.question,
    options: (JSON.parse(vote.option_uuids) as string[]).map((option) => text.get(option) ?? option),
    date_created: Number(vote.date_created),
  }));
}

/** Their follows, mutes, notification settings, push subscriptions and what waits for their next email digest. */
async function connectionsOf(db: Kysely<Database>, user: UserRow): Promise<Pick<UserData, 'follows' | 'mutes' | 'notifications'>> {
  const uuid = user.uuid;
  const [users, topics, pages, mutes, push, digest] = await Promise.all([
    db.selectFrom('follows').select(['followee_uuid', 'date_created']).where('follower_uuid', '=', uuid).orderBy('date_created').execute(),
    db.selectFrom('topic_follows').select(['topic_id', 'topic_name', 'topic_type', 'date_created']).where('user_uuid', '=', uuid).orderBy('date_created').execute(),
    db
      .selectFrom('page_follows')
      .innerJoin('pages', 'pages.uuid', 'page_follows.page_uuid')
      .select(['page_follows.page_uuid', 'pages.url', 'pages.title', 'page_follows.date_created'])
      .where('page_follows.user_uuid', '=', uuid)
      .orderBy('page_follows.date_created')
      .execute(),
    db.selectFrom('mutes').select(['muted_uuid', 'date_created']).where('muter_uuid', '=', uuid).orderBy('date_created').execute(),
    db.selectFrom('push_subscriptions').select(['endpoint', 'date_created']).where('user_uuid', '=', uuid).orderBy('date_created').execute(),
    // Items already in a sent digest are the mail's, kept a while only to dedupe: not given back.
    db
      .selectFrom('mail_digest_items')
      .select(['category', 'reason', 'item_uuid', 'date_created'])
      .where('user_uuid', '=', uuid)
      .where('digested_at', 'is', null)
      .orderBy('date_created')
      .orderBy('uuid')
      .execute(),
  ]);
  return {
    follows: {
      users: users.map((row) => ({ user_uuid: row.followee_uuid, date_created: Number(row.date_created) })),
      topics: topics.map((row) => ({ ...row, date_created: Number(row.date_created) })),
      pages: pages.map((row) => ({ ...row, date_created: Number(row.date_created) })),
    },
    mutes: mutes.map((row) => ({ user_uuid: row.muted_uuid, date_created: Number(row.date_created) })),
    notifications: {
      push_notifications_on: bool(user.push_notifications_on),
      email: preferencesOf(user),
      push_subscriptions: push.map((row) => ({ endpoint_host: hostOf(row.endpoint), date_created: Number(row.date_created) })),
      pending_digest_items: digest.map((row) => ({ ...row, date_created: Number(row.date_created) })),
    },
  };
}

/** Their likes, reports, sessions, shares and bans. */
async function activityOf(db: Kysely<Database>, uuid: string): Promise<Pick<UserData, 'reactions' | 'reports' | 'sessions' | 'shares' | 'bans'>> {
  const [reactions, reports, sessions, shares, bans] = await Promise.all([
    db.selectFrom('reactions').select(['content_uuid', 'kind', 'date_created']).where('user_uuid', '=', uuid).orderBy('date_created').execute(),
    db.selectFrom('flags').select(['content_uuid', 'reason', 'date_created']).where('user_uuid', '=', uuid).orderBy('date_created').execute(),
    db.selectFrom('sessions').select(['date_created', 'date_expires', 'date_revoked']).where('user_uuid', '=', uuid).orderBy('date_created').execute(),
    db.selectFrom('shares').select(['page_uuid', 'network', 'date_created']).where('sharer_uuid', '=', uuid).orderBy('date_created').execute(),
    db
      .selectFrom('bans')
      .select(['ban_level', 'user_message', 'is_permanent', 'date_created', 'date_expired', 'date_revoked'])
      .where('user_uuid', '=', uuid)
      .orderBy('date_created')
      .execute(),
  ]);
  return {
    reactions: reactions.map((row) => ({ ...row, date_created: Number(row.date_created) })),
    reports: reports.map((row) => ({ content_uuid: row.content_uuid, reason: row.reason ?? null, date_created: Number(row.date_created) })),
    sessions: sessions.map((row) => ({ date_created: Number(row.date_created), date_expires: Number(row.date_expires), date_revoked: num(row.date_revoked) })),
    shares: shares.map((row) => ({ ...row, date_created: Number(row.date_created) })),
    bans: bans.map((row) => ({
      ban_level: row.ban_level, user_message: row.user_message, is_permanent: bool(row.is_permanent),
      date_created: Number(row.date_created), date_expired: num(row.date_expired), date_revoked: num(row.date_revoked),
    })),
  };
}

/** The statements of reasons about them, their appeals, and the notices they sent (by account or by their address). */
async function legalOf(db: Kysely<Database>, user: UserRow): Promise<Pick<UserData, 'statements' | 'appeals' | 'notices'>> {
  const email = user.email.includes('@') ? user.email : null;
  const [statements, appeals, notices] = await Promise.all([
    db
      .selectFrom('statements_of_reasons')
      .select(['uuid', 'content_uuid', 'restriction', 'ground_type', 'ground', 'ground_label', 'explanation', 'facts', 'automated', 'automated_rule', 'state', 'appeal_until', 'date_created'])
      .where('user_uuid', '=', user.uuid)
      .orderBy('date_created')
      .execute(),
    db
      .selectFrom('appeals')
      .select(['uuid', 'statement_uuid', 'notice_uuid', 'appellant_role', 'text', 'state', 'explanation', 'decided_at', 'date_created'])
      .where('appellant_uuid', '=', user.uuid)
      .orderBy('date_created')
      .execute(),
    db
      .selectFrom('legal_notices')
      .select(['uuid', 'reference', 'target_type', 'content_uuid', 'kind', 'explanation', 'reporter_name', 'reporter_email', 'state', 'decided_at', 'date_created'])
      .where((eb) => (email ? eb.or([eb('reporter_user_uuid', '=', user.uuid), eb('reporter_email', '=', email)]) : eb('reporter_user_uuid', '=', user.uuid)))
      .orderBy('date_created')
      .execute(),
  ]);
  return {
    statements: statements.map((row) => ({
      ...row, automated: bool(row.automated), appeal_until: Number(row.appeal_until), date_created: Number(row.date_created),
    })),
    appeals: appeals.map((row) => ({ ...row, decided_at: num(row.decided_at), date_created: Number(row.date_created) })),
    notices: notices.map((row) => ({ ...row, decided_at: num(row.decided_at), date_created: Number(row.date_created) })),
  };
}

/** The reader's data (USER_DATA_SCHEMA), as of now. */
export async function userData(db: Kysely<Database>, site: Pick<Site, 'uuid' | 'name'>, user: UserRow, now = Date.now()): Promise<UserData> {
  const [contents, pollVotes, connections, activity, legal] = await Promise.all([
    contentsOf(db, user.uuid), votesOf(db, user.uuid), connectionsOf(db, user), activityOf(db, user.uuid), legalOf(db, user),
  ]);
  return {
    format: USER_DATA_FORMAT,
    version: USER_DATA_VERSION,
    exported_at: now,
    site: { uuid: site.uuid, name: site.name },
    profile: profileOf(user),
    contents,
    ...activity,
    poll_votes: pollVotes,
    ...connections,
    ...legal,
  };
}

/** The file's name: `vf-data-<date>.json`. */
export const userDataFileName = (now = Date.now()) => `vf-data-${new Date(now).toISOString().slice(0, 10)}.json`;
