// Bench data: a conversation put on the demo article through the real HTTP API, as readers would,
// and a large container written straight into the database.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContainerKind, ContentsTable, ContentType, Database } from '../server/storage/schema.ts';
import { callApi } from '../test/support/callApi.ts';
const DEMO_CONTAINER_ID = 'demo-article-river-trees';

export async function seedConversation(origin: string, comments: number): Promise<{ listUrl: string }> {
  const boot = await callApi<{ section_uuid: string }>(origin, 'POST', '/api/v2/bootstrap/v2', { domain: '127.0.0.1' });
  const section = boot.section_uuid;
  const email = `bench-${Date.now()}@example.com`;
  await callApi(origin, 'POST', '/api/v2/users', { name: 'Bench Reader', email, password: 'bench-password-1', section });
  const auth = await callApi<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email, password: 'bench-password-1', section });
  const container = await callApi<{ content_container_uuid: string }>(
    origin, 'GET', `/api/comments/${section}/contentcontainer/id?container_id=${DEMO_CONTAINER_ID}`);
  const base = `/api/comments/${section}/${container.content_container_uuid}`;
  for (let i = 1; i <= comments; i++) {
    await callApi(origin, 'POST', `${base}/comments`, { content: `Benchmark comment ${i}: the river walk is cooler.` }, auth.access_token);
  }
  return { listUrl: `${origin}${base}/comments?limit=10&reply_limit=2&sorted_by=newest` };
}

/** The row types of each kind's root items and replies (each kind's policy.ts under server/kinds). */
const TYPES = {
  conversation: { root: 'comment', reply: 'reply' },
  liveblog: { root: 'liveblog_post', reply: 'reply_to_liveblog_post' },
} as const satisfies Partial<Record<ContainerKind, { root: ContentType; reply: ContentType }>>;

export interface LargeContainer {
  kind?: keyof typeof TYPES;
  /** How many of the rows are replies (a tenth by default). */
  replies?: number;
}

/**
 * A container of `total` items written straight into the database in batched inserts (one
 * transaction): `replies` of them are replies; likes, reply counts and picks vary so every sort
 * order has ties and spread. A live blog also has a few pinned posts (its list leaves them out).
 * Counters are set as the API would have left them.
 */
export async function seedLargeContainer(db: Kysely<Database>, siteUuid: string, total: number, options: LargeContainer = {}): Promise<string> {
  const { kind = 'conversation', replies: replyCount = Math.floor(total / 10) } = options;
  const types = TYPES[kind];
  const now = Date.now();
  const users = Array.from({ length: 200 }, (_, i) => ({
    uuid: randomUUID(), site_uuid: siteUuid, email: `bench-${i}-${now}@example.com`, name: `Bench reader ${i}`,
    password_hash: 'x', user_privilege: 'user', date_created: now,
  }));
  const containerUuid = randomUUID();
  const tops: ContentsTable[] = [];
  const replies: ContentsTable[] = [];
  const topCount = total - replyCount;
  const row = (i: number, thread: ContentsTable | null): ContentsTable => {
    const uuid = randomUUID();
    return {
      uuid, type: thread ? types.reply : types.root, site_uuid: siteUuid, container_uuid: containerUuid, thread_uuid: thread?.uuid ?? uuid, parent_uuid: thread?.uuid ?? null,
      parent_actor_uuid: thread?.actor_uuid ?? null, actor_uuid: users[i % users.length]!.uuid, content: `Bench comment ${i}: the river walk is cooler.`,
      state: i % 50 === 7 ? 'disabled' : 'visible', total_likes: (i * 31) % 47, total_dislikes: 0, total_replies: 0, total_direct_replies: 0,
      is_edited: 0, is_picked: i % 100 === 3 ? 1 : 0, is_pinned: 0, date_created: now - (total - i) * 1000, date_edited: null,
      ...(kind === 'liveblog' && !thread && i % 4000 === 11 ? { is_pinned: 1, date_pinned: now - i } : {}),
    };
  };
  for (let i = 0; i < topCount; i++) tops.push(row(i, null));
  for (let i = topCount; i < total; i++) {
    const thread = tops[(i * 7919) % topCount]!;
    replies.push(row(i, thread));
    thread.total_replies++;
    thread.total_direct_replies++;
  }
  const visible = [...tops, ...replies].filter((c) => c.state === 'visible').length;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute();
    await trx.insertInto('containers').values({
      uuid: containerUuid, site_uuid: siteUuid, container_id: `bench-large-${now}`, kind, is_hidden: 0, is_closed: 0, total_visible_content: visible, date_created: now,
    }).execute();
    const all = [...tops, ...replies];
    for (let i = 0; i < all.length; i += 1000) await trx.insertInto('contents').values(all.slice(i, i + 1000)).execute();
  });
  return containerUuid;
}

/** The visible root item in the middle of the container by date, pinned ones aside: where a deep page starts. */
export async function middleRoot(db: Kysely<Database>, containerUuid: string): Promise<string> {
  const roots = db.selectFrom('contents').where('container_uuid', '=', containerUuid).where('parent_uuid', 'is', null).where('is_pinned', '=', 0).where('state', '=', 'visible');
  const { n } = await roots.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const row = await roots.select('uuid').orderBy('date_created').offset(Math.floor(Number(n) / 2)).limit(1).executeTakeFirstOrThrow();
  return row.uuid;
}
