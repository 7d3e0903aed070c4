/**
 * Creating notifications when things happen (docs/notifications.md "What creates a
 * notification"): replies, likes, follows, new content by followed users and on followed pages,
 * and broadcasts. Never for one's own actions, for an actor the recipient muted, for an actor
 * muted by the site or ghost- or hide-banned, or for content that is not visible.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Broadcast, NotificationType } from '../../core/api/notificationTypes.ts';
import { hiddenByBan } from '../engine/bans.ts';
import { alreadyNotified, insertNotifications } from './queries.ts';
import { pageFollowersOfContainer } from '../follows/index.ts';
import type { BroadcastsTable, ContainersTable, ContentsTable, Database, NotificationsTable } from '../storage/schema.ts';
import { deliver } from './deliver.ts';

/** Bound for one `in (…)` list. */
const IN_CHUNK = 1000;

/** Whether what the actor does may notify anyone: not muted by the site, not ghost- or hide-banned. */
async function actorMayNotify(db: Kysely<Database>, actor: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_muted').where('uuid', '=', actor).executeTakeFirst();
  if (!row || row.is_muted === 1) return false;
  return !(await hiddenByBan(db, [actor])).has(actor);
}

/** The candidates, less the actor and everyone who muted the actor. */
async function recipientsOf(db: Kysely<Database>, actor: string, candidates: string[]): Promise<Set<string>> {
  const recipients = new Set(candidates.filter((uuid) => uuid !== actor));
  const list = [...recipients];
  for (let i = 0; i < list.length; i += IN_CHUNK) {
    const muters = await db.selectFrom('mutes').select('muter_uuid').where('muted_uuid', '=', actor).where('muter_uuid', 'in', list.slice(i, i + IN_CHUNK)).execute();
    for (const { muter_uuid } of muters) recipients.delete(muter_uuid);
  }
  return recipients;
}

type Draft = Omit<NotificationsTable, 'uuid' | 'user_uuid' | 'status' | 'date_created'>;

function rowsFor(users: Iterable<string>, draft: Draft, now: number): NotificationsTable[] {
  return [...users].map((user) => ({ ...draft, uuid: randomUUID(), user_uuid: user, status: 'new', date_created: now }));
}

/**
 * Writes and delivers; a failure is logged, never the writer's failure (the content is already
 * stored), and answered `false` so that the item's followup stays for the sweep (engine/followups.ts).
 */
async function store(app: FastifyInstance, work: () => Promise<NotificationsTable[]>): Promise<boolean> {
  try {
    const rows = await work();
    await insertNotifications(app.db, rows);
    deliver(app, rows);
    return true;
  } catch (error) {
    app.log.error({ err: error }, 'notifications not created');
    return false;
  }
}

/** Whether a followup's earlier run already wrote the item's notifications (all or none: one transaction). */
async function alreadyWritten(db: Kysely<Database>, recipient: string, item: string): Promise<boolean> {
  return (await db.selectFrom('notifications').select('uuid').where('user_uuid', '=', recipient).where('content_uuid', '=', item).executeTakeFirst()) !== undefined;
}

/**
 * A new item (root or reply) was stored: a `reply` to the parent's author, then
 * `subscribed_user_content` to the actor's followers, then `subscribed_page_content` to the page's
 * followers (one notification per recipient, in that order of precedence), and the mails readers
 * asked for. `resumed`: a sweep does it again for a write cut off after commit (mails carry their
 * dedupe key; the notifications are written only if that run did not get to them).
 */
export async function notifyNewContent(app: FastifyInstance, row: ContentsTable, container: ContainersTable, parent?: ContentsTable, resumed = false): Promise<boolean> {
  let mailed = true; // false: the mails failed (logged), and stay for the sweep
  const stored = await store(app, async () => {
    if (row.state !== 'visible') return [];
    const base = { site_uuid: row.site_uuid, actor_uuid: row.actor_uuid, content_uuid: row.uuid, container_uuid: row.container_uuid };
    const byUser = new Map<string, Draft>();
    const offer = (users: string[], type: NotificationType, grouping_key: string, target_uuid: string) => {
      for (const user of users) if (user !== row.actor_uuid && !byUser.has(user)) byUser.set(user, { ...base, type, grouping_key, target_uuid });
    };
    if (parent) offer([parent.actor_uuid], 'reply', `reply:${parent.uuid}`, parent.uuid);
    const [followers, page] = await Promise.all([
      app.db.selectFrom('follows').select('follower_uuid').where('followee_uuid', '=', row.actor_uuid).execute(),
      pageFollowersOfContainer(app.db, row.site_uuid, container.container_id),
    ]);
    offer(followers.map((f) => f.follower_uuid), 'subscribed_user_content', `user:${row.actor_uuid}:${row.container_uuid}`, row.actor_uuid);
    if (page) offer(page.users, 'subscribed_page_content', `page:${page.page}`, page.page);
    // Most items notify no one: the actor's standing is read only when someone would hear.
    if (byUser.size === 0 || !(await actorMayNotify(app.db, row.actor_uuid))) return [];
    const now = Date.now();
    const recipients = await recipientsOf(app.db, row.actor_uuid, [...byUser.keys()]);
    // The same readers may be mailed (docs/notifications.md "Email"; their preferences decide).
    mailed = await app.readerMails.created(row, container, parent, {
      replyTo: parent && recipients.has(parent.actor_uuid) ? parent.actor_uuid : null,
      followers: page ? page.users.filter((user) => recipients.has(user)) : [],
    });
    const first = recipients.values().next();
    if (resumed && !first.done && (await alreadyWritten(app.db, first.value, row.uuid))) return [];
    return [...recipients].flatMap((user) => rowsFor([user], byUser.get(user)!, now));
  });
  return stored && mailed;
}

/** How many approved items notify at once (PostgreSQL's pool has 10 connections; SQLite runs them in turn). */
const APPROVED_AT_ONCE = 8;

/**
 * Held items a moderator approved (one on a page's own menu, or many in one queue decision)
 * notify as each would have on posting, now that they show: their rows,
 * parents and containers read in one query each, then a few items' notifications at a time.
 */
export async function notifyApprovedMany(app: FastifyInstance, uuids: string[], resumed = false): Promise<boolean> {
  if (uuids.length === 0) return true;
  const rows = await app.db.selectFrom('contents').selectAll().where('uuid', 'in', uuids).where('state', '=', 'visible').execute();
  if (rows.length === 0) return true; // none shows any more (another moderator hid it meanwhile)
  const parentIds = [...new Set(rows.flatMap((row) => (row.parent_uuid ? [row.parent_uuid] : [])))];
  const containerIds = [...new Set(rows.map((row) => row.container_uuid))];
  const [parents, containers] = await Promise.all([
    parentIds.length ? app.db.selectFrom('contents').selectAll().where('uuid', 'in', parentIds).execute() : [],
    app.db.selectFrom('containers').selectAll().where('uuid', 'in', containerIds).execute(),
  ]);
  const parentOf = new Map(parents.map((row) => [row.uuid, row]));
  const containerOf = new Map(containers.map((row) => [row.uuid, row]));
  let next = 0;
  let ok = true;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      const container = containerOf.get(row.container_uuid);
      if (container && !(await notifyNewContent(app, row, container, row.parent_uuid ? parentOf.get(row.parent_uuid) : undefined, resumed))) ok = false;
    }
  };
  await Promise.all(Array.from({ length: Math.min(APPROVED_AT_ONCE, rows.length) }, worker));
  return ok;
}

/** A like on someone's content: once per liker and item, however often it is taken back and given again. */
export function notifyLike(app: FastifyInstance, item: ContentsTable, liker: string): Promise<boolean> {
  return store(app, async () => {
    if (item.state !== 'visible' || item.actor_uuid === liker) return [];
    if (await alreadyNotified(app.db, item.actor_uuid, 'like', liker, item.uuid)) return [];
    if (!(await actorMayNotify(app.db, liker)) || !(await recipientsOf(app.db, liker, [item.actor_uuid])).size) return [];
    const draft = { site_uuid: item.site_uuid, type: 'like', grouping_key: `like:${item.uuid}`, actor_uuid: liker, content_uuid: item.uuid, container_uuid: item.container_uuid, target_uuid: item.uuid };
    return rowsFor([item.actor_uuid], draft, Date.now());
  });
}

/** A new follower: once per follower. */
export function notifyFollow(app: FastifyInstance, site: string, follower: string, followee: string): Promise<boolean> {
  return store(app, async () => {
    if (await alreadyNotified(app.db, followee, 'follow', follower, followee)) return [];
    if (!(await actorMayNotify(app.db, follower)) || !(await recipientsOf(app.db, follower, [followee])).size) return [];
    const draft = { site_uuid: site, type: 'follow', grouping_key: `follow:${followee}`, actor_uuid: follower, content_uuid: null, container_uuid: null, target_uuid: followee };
    return rowsFor([followee], draft, Date.now());
  });
}

export function broadcastOf(row: BroadcastsTable): Broadcast {
  return {
    notification_uuid: row.uuid,
    notification_type: row.topic_id === null ? 'broadcast_site' : 'broadcast_topic',
    actor_uuid: row.actor_uuid,
    section_uuid: row.site_uuid,
    target_title: row.title,
    target_description: row.description,
    target_url: row.url,
    target_image_url: row.image_url,
    target_image_alt: row.image_alt,
    target_topic_id: row.topic_id,
    time: Number(row.date_created),
  };
}

/** Stores the broadcast and one notification per recipient (the sender excluded), then announces it once. */
export async function sendBroadcast(app: FastifyInstance, row: BroadcastsTable, recipients: string[]): Promise<number> {
  const broadcast = broadcastOf(row);
  const draft = { site_uuid: row.site_uuid, type: broadcast.notification_type, grouping_key: `broadcast:${row.uuid}`, actor_uuid: row.actor_uuid, content_uuid: null, container_uuid: null, target_uuid: row.uuid };
  const rows = rowsFor(new Set(recipients.filter((user) => user !== row.actor_uuid)), draft, Number(row.date_created));
  await insertNotifications(app.db, rows, row);
  deliver(app, rows, broadcast);
  return rows.length;
}
