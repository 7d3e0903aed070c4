/**
 * A database as it was before migration 011 (content engine): migrations 001–010 only, and rows
 * written with plain SQL inserts shaped like the old tables (comments, likes, dislikes, flags,
 * containers without kind, events), as a running server would have left them.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { type Kysely, Migrator, sql } from 'kysely';
import { DEFAULT_SETTINGS } from '../../../server/engine/sites.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { openDatabase } from '../../../server/storage/engine.ts';
import { migrationProvider } from '../../../server/storage/migrations/index.ts';
import { DEMO_SITE } from '../../../server/demo/index.ts';
import { freshPostgres, usingPostgres } from '../helpers.ts';

export const LAST_OLD_MIGRATION = '010_login_flows';
export const PASSWORD = 'old-schema-password';
const T = 1_700_000_000_000; // fixed times: every value is known to the assertions

/**
 * An empty database of the engine under test, at `upTo` (LAST_OLD_MIGRATION unless another
 * migration's test asks for its own); `env` builds the app on it.
 * Removed after the test (cleanups run last-in first-out, like helpers.ts build()).
 */
export async function oldDatabase(t: TestContext, cleanups: (() => Promise<void>)[], upTo = LAST_OLD_MIGRATION): Promise<{ db: Kysely<any>; env: Record<string, string> }> {
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VF_POST_LIMIT: '0' };
  if (usingPostgres) env['DATABASE_URL'] = await freshPostgres(cleanups);
  const db: Kysely<any> = openDatabase(usingPostgres ? { engine: 'postgres', url: env['DATABASE_URL']! } : { engine: 'sqlite', file: join(dataDir, 'vf.sqlite') });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(upTo);
  if (error) throw error;
  return { db, env };
}

const user = (name: string, privilege: string, passwordHash: string) => ({
  uuid: randomUUID(), site_uuid: DEMO_SITE.uuid, email: `${name}@old.test`, name, password_hash: passwordHash,
  user_privilege: privilege, date_created: T,
});

function comment(uuid: string, container: string, actor: string, content: string, at: number, extra: Record<string, unknown> = {}) {
  return {
    uuid, site_uuid: DEMO_SITE.uuid, container_uuid: container, thread_uuid: uuid, parent_uuid: null as string | null, parent_actor_uuid: null as string | null,
    actor_uuid: actor, content, state: 'visible', total_likes: 0, total_dislikes: 0, total_replies: 0, total_direct_replies: 0,
    is_edited: 0, is_picked: 0, is_pinned: 0, date_created: at, date_edited: null as number | null,
    anonymous_name: null as string | null, total_flags: 0, date_pinned: null as number | null, date_locked: null as number | null, ...extra,
  };
}

/** Writes the old-shape rows and returns them as written (every column given). */
export async function writeOldRows(db: Kysely<any>) {
  const hash = await hashPassword(PASSWORD);
  const [author, fan, critic, guest] = [user('author', 'user', hash), user('fan', 'user', hash), user('critic', 'user', hash), user('anonymous', 'guest', '!')];
  guest.email = 'anonymous';
  await db.insertInto('sites').values({ uuid: DEMO_SITE.uuid, name: DEMO_SITE.name, domains: JSON.stringify(DEMO_SITE.domains), settings: JSON.stringify({ ...DEFAULT_SETTINGS, enable_dislikes: true }), date_created: T }).execute();
  await db.insertInto('users').values([author, fan, critic, guest]).execute();

  const containerBase = { site_uuid: DEMO_SITE.uuid, is_hidden: 0, is_closed: 0, date_created: T, is_premoderated: 0 };
  const containers = [
    { ...containerBase, uuid: randomUUID(), container_id: 'old-page', total_visible_content: 5, event_seq: 3 },
    { ...containerBase, uuid: randomUUID(), container_id: 'closed-page', is_closed: 1, is_premoderated: 1, total_visible_content: 0, event_seq: 0 },
  ];
  const c = containers[0]!.uuid;
  const ids = { thread: randomUUID(), reply: randomUUID(), nested: randomUUID(), held: randomUUID(), removed: randomUUID(), anonymous: randomUUID(), locked: randomUUID() };
  const comments = [
    // A thread of three: picked, pinned, edited, flagged, liked twice and disliked once.
    comment(ids.thread, c, author.uuid, 'the thread', T + 1000, {
      total_likes: 2, total_dislikes: 1, total_replies: 2, total_direct_replies: 1, is_edited: 1, date_edited: T + 1500,
      is_picked: 1, is_pinned: 1, date_pinned: T + 1600, total_flags: 1,
    }),
    comment(ids.reply, c, fan.uuid, 'a reply', T + 2000, {
      thread_uuid: ids.thread, parent_uuid: ids.thread, parent_actor_uuid: author.uuid, total_likes: 1, total_replies: 1, total_direct_replies: 1,
    }),
    comment(ids.nested, c, author.uuid, 'a reply to the reply', T + 3000, {
      thread_uuid: ids.thread, parent_uuid: ids.reply, parent_actor_uuid: fan.uuid, date_locked: T + 3500,
    }),
    comment(ids.held, c, author.uuid, 'waiting for a moderator', T + 4000, { state: 'awaiting_moderation' }),
    comment(ids.removed, c, critic.uuid, 'taken back', T + 5000, { state: 'deleted' }),
    comment(ids.anonymous, c, guest.uuid, 'said without an account', T + 6000, { anonymous_name: 'Guest Ann' }),
    comment(ids.locked, c, critic.uuid, 'locked by a moderator', T + 7000, { date_locked: T + 7500 }),
  ];
  for (const row of containers) await db.insertInto('containers').values(row).execute();
  for (const row of comments) await db.insertInto('comments').values(row).execute();

  const likes = [
    { content_uuid: ids.thread, user_uuid: fan.uuid, date_created: T + 10 },
    { content_uuid: ids.thread, user_uuid: critic.uuid, date_created: T + 11 },
    { content_uuid: ids.reply, user_uuid: critic.uuid, date_created: T + 12 },
  ];
  const dislikes = [{ content_uuid: ids.thread, user_uuid: critic.uuid, date_created: T + 13 }];
  const flags = [{ content_uuid: ids.thread, user_uuid: fan.uuid, date_created: T + 14 }];
  await db.insertInto('likes').values(likes).execute();
  await db.insertInto('dislikes').values(dislikes).execute();
  await db.insertInto('flags').values(flags).execute();

  // Recent, or the app's start would prune them as too old.
  const now = Date.now();
  const event = (seq: number, name: string, content: string) => ({
    container_uuid: c, seq, site_uuid: DEMO_SITE.uuid, date_created: now + seq,
    payload: JSON.stringify({ event: name, content_type: 'comments', section_uuid: DEMO_SITE.uuid, content_container_uuid: c, content_uuid: content, actor_uuid: author.uuid, time: now + seq, seq }),
  });
  const events = [event(1, 'created', ids.thread), event(2, 'created', ids.reply), event(3, 'liked', ids.thread)];
  await db.insertInto('events').values(events).execute();
  return { users: { author, fan, critic, guest }, containers, comments, ids, likes, dislikes, flags, events };
}

/** Index names of a table, on either engine (primary keys and inline constraints left out). */
export async function indexNames(db: Kysely<any>, table: string): Promise<string[]> {
  const rows = usingPostgres
    ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table} and indexname not in (select conname from pg_constraint)`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  return rows.rows.map((r) => r.name).sort();
}
