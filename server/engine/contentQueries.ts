/**
 * Comment reads: top-level pages (keyset paging in every sort order), thread replies, selections,
 * a user's recent comments, and the API shape with the embedded actor and the viewer's own actions.
 */
import { type Kysely, sql } from 'kysely';
import type { Actor, Comment, ContentState, MediaItem, SortOrder, ThreadFilter } from '../../core/api/types.ts';
import { authorBanLevel, present, PUBLIC_VIEWER, type Viewer, visibleTo } from '../content/visibility.ts';
import type { ContentsTable, Database, ReactionKind } from '../storage/schema.ts';
import type { UserRow } from './users.ts';

/** A comment row with its author's name and effective ban level (content/visibility.ts reads it). */
export type Row = ContentsTable & { actor_name: string; actor_pic_small?: string | null; actor_ban_level?: string | null; actor_privilege?: string | null };

/** A row just written by `actor`, as the reads join it. */
export const withActor = (row: ContentsTable, actor: Pick<UserRow, 'name' | 'pic_small' | 'user_privilege'>): Row => ({
  ...row, actor_name: actor.name, actor_pic_small: actor.pic_small ?? null, actor_privilege: actor.user_privilege,
});

/** The role a live-blog post shows beside its author (docs/api.md "liveblog"). */
function roleOf(row: Row): Actor['role'] {
  if (row.type !== 'liveblog_post') return undefined;
  return row.actor_privilege === 'admin' ? 'admin' : row.actor_privilege === 'mod' ? 'moderator' : undefined;
}

/** The images a post shows (stored with it as JSON). */
function mediaOf(row: Row): MediaItem[] | undefined {
  if (!row.media) return undefined;
  try {
    const media = JSON.parse(row.media) as unknown;
    return Array.isArray(media) ? (media as MediaItem[]) : undefined;
  } catch {
    return undefined; // a damaged entry shows the post without its images
  }
}

/**
 * Each order is a list of columns all sorted the same way, ending in the unique uuid, so the
 * order is total and "after this comment" is one row-value comparison.
 */
const SORTS: Record<SortOrder, { columns: (keyof ContentsTable)[]; descending: boolean }> = {
  newest: { columns: ['date_created', 'uuid'], descending: true },
  oldest: { columns: ['date_created', 'uuid'], descending: false },
  num_likes_desc: { columns: ['total_likes', 'date_created', 'uuid'], descending: true },
  num_replies_desc: { columns: ['total_replies', 'date_created', 'uuid'], descending: true },
  // Editor's picks first, newest first within each group; `featured` is accepted as the same order.
  newest_pick: { columns: ['is_picked', 'date_created', 'uuid'], descending: true },
  featured: { columns: ['is_picked', 'date_created', 'uuid'], descending: true },
};
export const SORT_ORDERS = Object.keys(SORTS) as SortOrder[];

/** Comments joined to their authors (name, picture, privilege, effective ban): the base of every read. */
export function selectWithActor(db: Kysely<Database>) {
  return db
    .selectFrom('contents')
    .innerJoin('users', 'users.uuid', 'contents.actor_uuid')
    .selectAll('contents')
    .select(['users.name as actor_name', 'users.pic_small as actor_pic_small', 'users.user_privilege as actor_privilege'])
    .select(authorBanLevel().as('actor_ban_level'));
}

export interface Page {
  rows: Row[];
  more: boolean;
}

/** Which top-level items a list keeps: all, editor's picks only, or all but the pinned ones (live blog). */
export type RootFilter = ThreadFilter | 'unpinned';

/**
 * Top-level comments of a container that `viewer` may see (featured_threads: editor's picks
 * only; unpinned: all but pinned ones). `after` is the comment to continue after (its current sort values are the cursor); it
 * must be a top-level comment of the same container.
 */
export async function listTopLevel(
  db: Kysely<Database>, containerUuid: string, sort: SortOrder, limit: number, after: ContentsTable | null,
  viewer: Viewer = PUBLIC_VIEWER, filter: RootFilter = 'all_threads',
): Promise<Page> {
  const { columns, descending } = SORTS[sort];
  const direction = descending ? 'desc' : 'asc';
  // The page is chosen on `contents` alone, an index range scan that stops after limit + 1 rows
  // (docs/server.md "Indexes"); only those rows are then joined to their authors. Joined first,
  // PostgreSQL may sort the whole range (it misjudges the low-cardinality is_picked column).
  let page = db
    .selectFrom('contents')
    .select('contents.uuid')
    .where('contents.container_uuid', '=', containerUuid)
    .where('contents.parent_uuid', 'is', null)
    .where(visibleTo(viewer));
  if (filter === 'featured_threads') page = page.where('contents.is_picked', '=', 1);
  if (filter === 'unpinned') page = page.where('contents.is_pinned', '=', 0);
  if (after) {
    const left = sql.join(columns.map((c) => sql.ref(`contents.${c}`)));
    const right = sql.join(columns.map((c) => after[c]));
    page = page.where(sql<boolean>`(${left}) ${sql.raw(descending ? '<' : '>')} (${right})`);
  }
  for (const c of columns) page = page.orderBy(`contents.${c}`, direction);
  let query = selectWithActor(db).where('contents.uuid', 'in', page.limit(limit + 1));
  for (const c of columns) query = query.orderBy(`contents.${c}`, direction);
  const rows = await query.execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * A chat's stream: the latest `limit` items of the container that `viewer` may see, replies
 * included, before `before` (an item of the container), newest first.
 */
export async function listStream(db: Kysely<Database>, containerUuid: string, limit: number, before: ContentsTable | null, viewer: Viewer = PUBLIC_VIEWER): Promise<Page> {
  let page = db.selectFrom('contents').select('contents.uuid').where('contents.container_uuid', '=', containerUuid).where(visibleTo(viewer));
  if (before) page = page.where(sql<boolean>`(contents.date_created, contents.uuid) < (${before.date_created}, ${before.uuid})`);
  page = page.orderBy('contents.date_created', 'desc').orderBy('contents.uuid', 'desc');
  const rows = await selectWithActor(db)
    .where('contents.uuid', 'in', page.limit(limit + 1))
    .orderBy('contents.date_created', 'desc')
    .orderBy('contents.uuid', 'desc')
    .execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The container's pinned top-level items that `viewer` may see, most recently pinned first. */
export async function listPinned(db: Kysely<Database>, containerUuid: string, max: number, viewer: Viewer = PUBLIC_VIEWER): Promise<Row[]> {
  return selectWithActor(db)
    .where('contents.container_uuid', '=', containerUuid)
    .where('contents.parent_uuid', 'is', null)
    // A literal, not a parameter: SQLite matches a partial index (contents_pinned) only then.
    .where(sql<boolean>`contents.is_pinned = 1`)
    .where(visibleTo(viewer))
    .orderBy('contents.date_pinned', 'desc')
    .orderBy('contents.uuid', 'desc')
    .limit(max)
    .execute();
}

/** Visible top-level items of a container (a live blog's visible posts). */
export async function countVisibleRoots(db: Kysely<Database>, containerUuid: string): Promise<number> {
  const row = await db
    .selectFrom('contents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('container_uuid', '=', containerUuid)
    .where('parent_uuid', 'is', null)
    .where('state', '=', 'visible')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replies of one thread that `viewer` may see, oldest (or newest) first, continuing after `after` (a reply of that thread). */
export async function listThread(
  db: Kysely<Database>, threadUuid: string, limit: number, after: ContentsTable | null, viewer: Viewer = PUBLIC_VIEWER, order: 'oldest' | 'newest' = 'oldest',
): Promise<Page> {
  const direction = order === 'oldest' ? 'asc' : 'desc';
  let query = selectWithActor(db)
    .where('contents.thread_uuid', '=', threadUuid)
    .where('contents.parent_uuid', 'is not', null)
    .where(visibleTo(viewer));
  if (after) {
    query = query.where(sql<boolean>`(contents.date_created, contents.uuid) ${sql.raw(order === 'oldest' ? '>' : '<')} (${after.date_created}, ${after.uuid})`);
  }
  const rows = await query.orderBy('contents.date_created', direction).orderBy('contents.uuid', direction).limit(limit + 1).execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The first `perThread` replies (oldest first) `viewer` may see of each thread, in one query (window function). */
export async function firstRepliesOfThreads(db: Kysely<Database>, threadUuids: string[], perThread: number, viewer: Viewer = PUBLIC_VIEWER): Promise<Map<string, Row[]>> {
  const byThread = new Map<string, Row[]>();
  if (threadUuids.length === 0 || perThread === 0) return byThread;
  const ranked = db
    .selectFrom('contents')
    .selectAll()
    .select(sql<number>`row_number() over (partition by thread_uuid order by date_created, uuid)`.as('rank'))
    .select(authorBanLevel().as('actor_ban_level'))
    .where('thread_uuid', 'in', threadUuids)
    .where('parent_uuid', 'is not', null)
    .where(visibleTo(viewer))
    .as('r');
  const rows = await db
    .selectFrom(ranked)
    .innerJoin('users', 'users.uuid', 'r.actor_uuid')
    .selectAll('r')
    .select(['users.name as actor_name', 'users.pic_small as actor_pic_small', 'users.user_privilege as actor_privilege'])
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

/** Which of these comments the viewer has liked, disliked, flagged. */
export interface ViewerReactions {
  liked: Set<string>;
  disliked: Set<string>;
  flagged: Set<string>;
}

/** Which of these comments the viewer liked, disliked and flagged (empty sets for a guest). */
export async function reactionsBy(db: Kysely<Database>, viewerUuid: string | null, contentUuids: string[]): Promise<ViewerReactions> {
  if (!viewerUuid || contentUuids.length === 0) return { liked: new Set(), disliked: new Set(), flagged: new Set() };
  const [reactions, flags] = await Promise.all([
    db.selectFrom('reactions').select(['content_uuid', 'kind']).where('user_uuid', '=', viewerUuid).where('content_uuid', 'in', contentUuids).execute(),
    db.selectFrom('flags').select('content_uuid').where('user_uuid', '=', viewerUuid).where('content_uuid', 'in', contentUuids).execute(),
  ]);
  const ofKind = (kind: ReactionKind) => new Set(reactions.filter((r) => r.kind === kind).map((r) => r.content_uuid));
  return { liked: ofKind('like'), disliked: ofKind('dislike'), flagged: new Set(flags.map((r) => r.content_uuid)) };
}

/** The viewer's actions on one comment. */
export function actionsOf(reactions: ViewerReactions | null, uuid: string): Comment['actions'] {
  return { liked: reactions?.liked.has(uuid) ?? false, disliked: reactions?.disliked.has(uuid) ?? false, flagged: reactions?.flagged.has(uuid) ?? false };
}

export async function getCommentWithActor(db: Kysely<Database>, uuid: string): Promise<Row | null> {
  const row = await selectWithActor(db).where('contents.uuid', '=', uuid).executeTakeFirst();
  return row ?? null;
}

/** The viewer-neutral API shape (what realtime events carry); `forViewer` gives what one viewer may see. */
export function toApiComment(row: Row, actions: Comment['actions'] = { liked: false, disliked: false }): Comment {
  const anonymous = !!row.anonymous_name;
  const role = roleOf(row);
  const media = mediaOf(row);
  const isComment = row.type === 'comment' || row.type === 'reply';
  return {
    content_uuid: row.uuid,
    content: row.content,
    ...(isComment ? {} : { type: row.type }),
    ...(media ? { media } : {}),
    actor_uuid: row.actor_uuid,
    // An anonymous comment is shown under the name the guest gave.
    actor: {
      uuid: row.actor_uuid, name: anonymous ? row.anonymous_name! : row.actor_name, pic_small: anonymous ? null : (row.actor_pic_small ?? null),
      ...(role ? { role } : {}),
    },
    is_anonymous: anonymous,
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
    date_pinned: row.date_pinned == null ? null : Number(row.date_pinned),
    date_locked: row.date_locked == null ? null : Number(row.date_locked),
    total_likes: Number(row.total_likes),
    total_dislikes: Number(row.total_dislikes),
    total_replies: Number(row.total_replies),
    total_direct_replies: Number(row.total_direct_replies),
    actions: { ...actions },
  };
}

/** The comment as `viewer` may see it (content/visibility.ts), or null when they may not. */
export function forViewer(viewer: Viewer, row: Row, actions?: Comment['actions']): Comment | null {
  return present(viewer, row, toApiComment(row, actions));
}

/** Shapes these rows for `viewer`, with their own actions (one read); null for a row they may not see. */
export async function presenterFor(db: Kysely<Database>, viewer: Viewer, rows: Row[]): Promise<(row: Row) => Comment | null> {
  const reactions = await reactionsBy(db, viewer.uuid, rows.map((r) => r.uuid));
  return (row) => forViewer(viewer, row, actionsOf(reactions, row.uuid));
}

/** These comments of the container that `viewer` may see, in the order asked (unknown ones left out). */
export async function selectInContainer(db: Kysely<Database>, containerUuid: string, uuids: string[], viewer: Viewer): Promise<Row[]> {
  // By primary key only, the container checked on the rows: with the container in the query,
  // SQLite may scan the container's index instead (48 ms at 100,000 comments, not 0.3).
  const rows = await selectWithActor(db).where('contents.uuid', 'in', uuids).where(visibleTo(viewer)).execute();
  const byUuid = new Map(rows.filter((row) => row.container_uuid === containerUuid).map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => byUuid.get(uuid) ?? []);
}

/** A user's comments (and replies to comments) on their site that `viewer` may see, newest first. */
export async function listByActor(db: Kysely<Database>, actorUuid: string, limit: number, viewer: Viewer): Promise<Page> {
  const rows = await selectWithActor(db)
    .where('contents.actor_uuid', '=', actorUuid)
    .where('contents.type', 'in', ['comment', 'reply'])
    .where(visibleTo(viewer))
    .orderBy('contents.date_created', 'desc')
    .orderBy('contents.uuid', 'desc')
    .limit(limit + 1)
    .execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Visible replies other users wrote to this user's comments (the profile's comments_received). */
export async function countRepliesReceived(db: Kysely<Database>, actorUuid: string): Promise<number> {
  const row = await db
    .selectFrom('contents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_actor_uuid', '=', actorUuid)
    .where('actor_uuid', '<>', actorUuid)
    .where('state', '=', 'visible')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
