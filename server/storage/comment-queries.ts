/**
 * Comment reads: top-level pages (keyset paging in four sort orders), thread replies, and the
 * API shape with the embedded actor and the viewer's own actions.
 */
import { type Kysely, sql } from 'kysely';
import type { Comment, ContentState, SortOrder } from '../../core/api/types.ts';
import type { CommentsTable, Database } from './schema.ts';

type Row = CommentsTable & { actor_name: string };

/**
 * Each order is a list of columns all sorted the same way, ending in the unique uuid, so the
 * order is total and "after this comment" is one row-value comparison.
 */
const SORTS: Record<SortOrder, { columns: (keyof CommentsTable)[]; descending: boolean }> = {
  newest: { columns: ['date_created', 'uuid'], descending: true },
  oldest: { columns: ['date_created', 'uuid'], descending: false },
  num_likes_desc: { columns: ['total_likes', 'date_created', 'uuid'], descending: true },
  num_replies_desc: { columns: ['total_replies', 'date_created', 'uuid'], descending: true },
  // Editor's picks first, newest first within each group; `featured` is accepted as the same order.
  newest_pick: { columns: ['is_picked', 'date_created', 'uuid'], descending: true },
  featured: { columns: ['is_picked', 'date_created', 'uuid'], descending: true },
};
export const SORT_ORDERS = Object.keys(SORTS) as SortOrder[];

function selectWithActor(db: Kysely<Database>) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.uuid', 'comments.actor_uuid')
    .selectAll('comments')
    .select('users.name as actor_name');
}

export interface Page {
  rows: Row[];
  more: boolean;
}

/**
 * Top-level visible comments of a container. `after` is the comment to continue after (its
 * current sort values are the cursor); it must be a top-level comment of the same container.
 */
export async function listTopLevel(db: Kysely<Database>, containerUuid: string, sort: SortOrder, limit: number, after: CommentsTable | null): Promise<Page> {
  const { columns, descending } = SORTS[sort];
  let query = selectWithActor(db)
    .where('comments.container_uuid', '=', containerUuid)
    .where('comments.parent_uuid', 'is', null)
    .where('comments.state', '=', 'visible');
  if (after) {
    const left = sql.join(columns.map((c) => sql.ref(`comments.${c}`)));
    const right = sql.join(columns.map((c) => after[c]));
    query = query.where(sql<boolean>`(${left}) ${sql.raw(descending ? '<' : '>')} (${right})`);
  }
  for (const c of columns) query = query.orderBy(`comments.${c}`, descending ? 'desc' : 'asc');
  const rows = await query.limit(limit + 1).execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Replies of one thread, oldest first, continuing after `after` (a reply of that thread). */
export async function listThread(db: Kysely<Database>, threadUuid: string, limit: number, after: CommentsTable | null): Promise<Page> {
  let query = selectWithActor(db)
    .where('comments.thread_uuid', '=', threadUuid)
    .where('comments.parent_uuid', 'is not', null)
    .where('comments.state', '=', 'visible');
  if (after) {
    query = query.where(sql<boolean>`(comments.date_created, comments.uuid) > (${after.date_created}, ${after.uuid})`);
  }
  const rows = await query.orderBy('comments.date_created', 'asc').orderBy('comments.uuid', 'asc').limit(limit + 1).execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The first `perThread` replies (oldest first) of each thread, in one query (window function). */
export async function firstRepliesOfThreads(db: Kysely<Database>, threadUuids: string[], perThread: number): Promise<Map<string, Row[]>> {
  const byThread = new Map<string, Row[]>();
  if (threadUuids.length === 0 || perThread === 0) return byThread;
  const ranked = db
    .selectFrom('comments')
    .selectAll()
    .select(sql<number>`row_number() over (partition by thread_uuid order by date_created, uuid)`.as('rank'))
    .where('thread_uuid', 'in', threadUuids)
    .where('parent_uuid', 'is not', null)
    .where('state', '=', 'visible')
    .as('r');
  const rows = await db
    .selectFrom(ranked)
    .innerJoin('users', 'users.uuid', 'r.actor_uuid')
    .selectAll('r')
    .select('users.name as actor_name')
    .where('r.rank', '<=', perThread)
    .orderBy('r.date_created', 'asc')
    .orderBy('r.uuid', 'asc')
    .execute();
  for (const { rank: _rank, ...row } of rows) {
    const list = byThread.get(row.thread_uuid) ?? [];
    list.push(row as Row);
    byThread.set(row.thread_uuid, list);
  }
  return byThread;
}

/** Which of these comments the viewer has liked. */
export interface ViewerReactions {
  liked: Set<string>;
  disliked: Set<string>;
}

/** Which of these comments the viewer liked and disliked (empty sets for a guest). */
export async function reactionsBy(db: Kysely<Database>, viewerUuid: string | null, contentUuids: string[]): Promise<ViewerReactions> {
  if (!viewerUuid || contentUuids.length === 0) return { liked: new Set(), disliked: new Set() };
  const ofTable = async (table: 'likes' | 'dislikes') => {
    const rows = await db
      .selectFrom(table)
      .select('content_uuid')
      .where('user_uuid', '=', viewerUuid)
      .where('content_uuid', 'in', contentUuids)
      .execute();
    return new Set(rows.map((r) => r.content_uuid));
  };
  const [liked, disliked] = await Promise.all([ofTable('likes'), ofTable('dislikes')]);
  return { liked, disliked };
}

/** The viewer's actions on one comment. */
export function actionsOf(reactions: ViewerReactions | null, uuid: string): Comment['actions'] {
  return { liked: reactions?.liked.has(uuid) ?? false, disliked: reactions?.disliked.has(uuid) ?? false };
}

export async function getCommentWithActor(db: Kysely<Database>, uuid: string): Promise<Row | null> {
  const row = await selectWithActor(db).where('comments.uuid', '=', uuid).executeTakeFirst();
  return row ?? null;
}

export function toApiComment(row: Row, actions: Comment['actions'] = { liked: false, disliked: false }): Comment {
  return {
    content_uuid: row.uuid,
    content: row.content,
    actor_uuid: row.actor_uuid,
    actor: { uuid: row.actor_uuid, name: row.actor_name, pic_small: null },
    parent_uuid: row.parent_uuid,
    parent_actor_uuid: row.parent_actor_uuid,
    thread_uuid: row.thread_uuid,
    content_container_uuid: row.container_uuid,
    section_uuid: row.site_uuid,
    state: row.state as ContentState,
    date_created: Number(row.date_created),
    date_edited: row.date_edited === null ? null : Number(row.date_edited),
    is_edited: Number(row.is_edited) === 1,
    is_picked: Number(row.is_picked) === 1,
    is_pinned: Number(row.is_pinned) === 1,
    total_likes: Number(row.total_likes),
    total_dislikes: Number(row.total_dislikes),
    total_replies: Number(row.total_replies),
    total_direct_replies: Number(row.total_direct_replies),
    actions: { ...actions },
  };
}
