/**
 * Comment writes. Each change and the counters it moves (container total, parent and thread
 * reply totals, like totals) are one transaction, so counts never drift from rows.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ContentEvent, MediaItem } from '../../core/api/types.ts';
import type { HoldReason } from '../../core/moderation/types.ts';
import type { Viewer } from '../content/visibility.ts';
import { appendEvent, type EventDraft, plusEach } from './events.ts';
import { mutedBy } from './mutes.ts';
import { moveReviewCount } from './reviewStars.ts';
import type { ContentsTable, ContentType, Database } from '../storage/schema.ts';
import { createUser, findUserByEmail, type UserRow } from './users.ts';

export interface NewContent {
  /** A root item's type, or a reply's (the parent is given then). */
  type: ContentType;
  site_uuid: string;
  container_uuid: string;
  actor_uuid: string;
  content: string;
  /** The comment replied to, if any (already checked to be in the same container). */
  parent?: Pick<ContentsTable, 'uuid' | 'thread_uuid' | 'actor_uuid'>;
  /** awaiting_moderation under premoderation; visible otherwise (an import also brings spam and deleted ones). */
  state?: 'visible' | 'awaiting_moderation' | 'disabled' | 'spam' | 'deleted';
  /** Why automatic moderation held or rejected it (server/moderation/auto/). */
  hold_reason?: HoldReason | null;
  /** The guest's name for an anonymous comment. */
  anonymous_name?: string;
  /** The images a live-blog post shows. */
  media?: MediaItem[] | null;
  /** A creation time in the past (the demo chat's seeded history, imported comments); new items leave it out. */
  date_created?: number;
}

/** A hold reason as `contents.hold_reason` and `moderation_decisions.reason` store it: JSON with `rule` first, so SQL tells the rule by its prefix. */
export function storedReason(reason: HoldReason): string {
  const { rule, ...details } = reason;
  return JSON.stringify({ rule, ...details });
}

/**
 * Moves the counters a visible comment adds to by `delta` (+1 when it becomes visible, -1 when
 * it stops being visible): the container's total_visible_content, its parent's
 * total_direct_replies and total_replies, and its thread starter's total_replies.
 */
export async function moveCounts(trx: Transaction<Database>, row: Pick<ContentsTable, 'uuid' | 'type' | 'container_uuid' | 'parent_uuid' | 'thread_uuid'>, delta: 1 | -1): Promise<void> {
  if (row.type === 'review') await moveReviewCount(trx, row.uuid, delta); // the page's stars (reviewStars.ts)
  const by = delta > 0 ? '+' : '-';
  await trx
    .updateTable('containers')
    .set((eb) => ({ total_visible_content: eb('total_visible_content', by, 1) }))
    .where('uuid', '=', row.container_uuid)
    .execute();
  if (!row.parent_uuid) return;
  // total_direct_replies: replies to this comment; total_replies: replies below it (for a
  // thread starter, the whole thread).
  await trx
    .updateTable('contents')
    .set((eb) => ({ total_direct_replies: eb('total_direct_replies', by, 1), total_replies: eb('total_replies', by, 1) }))
    .where('uuid', '=', row.parent_uuid)
    .execute();
  if (row.thread_uuid !== row.parent_uuid) {
    await trx
      .updateTable('contents')
      .set((eb) => ({ total_replies: eb('total_replies', by, 1) }))
      .where('uuid', '=', row.thread_uuid)
      .execute();
  }
}

type CountedRow = Pick<ContentsTable, 'uuid' | 'type' | 'container_uuid' | 'parent_uuid' | 'thread_uuid'>;

function tally(deltas: Map<string, number>, key: string, delta: number): void {
  deltas.set(key, (deltas.get(key) ?? 0) + delta);
}

/**
 * moveCounts for many rows at once (a moderator's decision on 500 items): the same counters,
 * summed per container, parent and thread starter, in three statements whatever the number of
 * rows (reviews' stars one by one).
 */
export async function moveCountsMany(trx: Transaction<Database>, moves: { row: CountedRow; delta: 1 | -1 }[]): Promise<void> {
  if (moves.length === 1) return moveCounts(trx, moves[0]!.row, moves[0]!.delta);
  const containers = new Map<string, number>();
  const parents = new Map<string, number>();
  const threads = new Map<string, number>();
  for (const { row, delta } of moves) {
    if (row.type === 'review') await moveReviewCount(trx, row.uuid, delta);
    tally(containers, row.container_uuid, delta);
    if (row.parent_uuid) tally(parents, row.parent_uuid, delta);
    if (row.parent_uuid && row.thread_uuid !== row.parent_uuid) tally(threads, row.thread_uuid, delta);
  }
  if (containers.size) {
    await trx.updateTable('containers').set({ total_visible_content: plusEach('total_visible_content', 'uuid', containers) }).where('uuid', 'in', [...containers.keys()]).execute();
  }
  if (parents.size) {
    await trx
      .updateTable('contents')
      .set({ total_direct_replies: plusEach('total_direct_replies', 'uuid', parents), total_replies: plusEach('total_replies', 'uuid', parents) })
      .where('uuid', 'in', [...parents.keys()])
      .execute();
  }
  if (threads.size) await trx.updateTable('contents').set({ total_replies: plusEach('total_replies', 'uuid', threads) }).where('uuid', 'in', [...threads.keys()]).execute();
}

/** The row a new item is stored as (insertContent; the importer's batches, server/import/importer.ts). */
export function newContentRow(input: NewContent, uuid: string = randomUUID()): ContentsTable {
  const parent = input.parent;
  return {
    uuid,
    type: input.type,
    site_uuid: input.site_uuid,
    container_uuid: input.container_uuid,
    thread_uuid: parent ? parent.thread_uuid : uuid, // a top-level comment starts its own thread
    parent_uuid: parent?.uuid ?? null,
    parent_actor_uuid: parent?.actor_uuid ?? null,
    actor_uuid: input.actor_uuid,
    content: input.content,
    state: input.state ?? 'visible',
    anonymous_name: input.anonymous_name ?? null,
    total_likes: 0,
    total_dislikes: 0,
    total_replies: 0,
    total_direct_replies: 0,
    is_edited: 0,
    is_picked: 0,
    is_pinned: 0,
    date_created: input.date_created ?? creationTime(),
    date_edited: null,
    ...(input.media ? { media: JSON.stringify(input.media) } : {}),
    ...(input.hold_reason ? { hold_reason: storedReason(input.hold_reason) } : {}),
  };
}

let lastCreated = 0;
/**
 * Creation times strictly increasing within a process: two items written in the same
 * millisecond (a busy chat) keep the order they were written in, rather than their uuids'.
 */
function creationTime(): number {
  lastCreated = Math.max(Date.now(), lastCreated + 1);
  return lastCreated;
}

/**
 * Likes, dislikes and flags: one row per user and comment (likes and dislikes in `reactions`,
 * told apart by kind; flags in `flags`), and a total on the comment.
 */
export type Reaction = 'like' | 'dislike' | 'flag';
const REACTION_TOTALS = { like: 'total_likes', dislike: 'total_dislikes', flag: 'total_flags' } as const;

export interface ReactionChange {
  changed: boolean;
  /** The comment's new total of this reaction (likes, dislikes or flags). */
  total: number;
  /** The logged realtime event when something changed (publish it: it has committed). */
  event: ContentEvent | null;
}

/**
 * Adds (`on`) or removes the user's like, dislike or flag; repeating the same call changes nothing.
 * The reaction row, the comment's total and the realtime event commit together.
 */
export async function setReaction(
  db: Kysely<Database>,
  reaction: Reaction,
  contentUuid: string,
  userUuid: string,
  on: boolean,
  describe: (total: number) => EventDraft,
  /** A flag's reason (migration 025), when the reader gave one. */
  reason: string | null = null,
): Promise<ReactionChange> {
  const column = REACTION_TOTALS[reaction];
  return db.transaction().execute(async (trx) => {
    const changed = on ? await addReaction(trx, reaction, contentUuid, userUuid, reason) : await removeReaction(trx, reaction, contentUuid, userUuid);
    if (changed) {
      await trx
        .updateTable('contents')
        .set((eb) => ({ [column]: eb(column, on ? '+' : '-', 1) }))
        .where('uuid', '=', contentUuid)
        .execute();
    }
    const row = await trx.selectFrom('contents').select(column).where('uuid', '=', contentUuid).executeTakeFirstOrThrow();
    const total = Number((row as Record<string, unknown>)[column]);
    const event = changed ? await appendEvent(trx, describe(total)) : null;
    return { changed, total, event };
  });
}

/** Stores the user's reaction; false when it was already there. */
async function addReaction(trx: Transaction<Database>, reaction: Reaction, contentUuid: string, userUuid: string, reason: string | null): Promise<boolean> {
  const row = { content_uuid: contentUuid, user_uuid: userUuid, date_created: Date.now() };
  const result = reaction === 'flag'
    ? await trx.insertInto('flags').values({ ...row, reason }).onConflict((oc) => oc.columns(['content_uuid', 'user_uuid']).doNothing()).executeTakeFirst()
    : await trx.insertInto('reactions').values({ ...row, kind: reaction }).onConflict((oc) => oc.columns(['content_uuid', 'user_uuid', 'kind']).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the user's reaction; false when there was none. */
async function removeReaction(trx: Transaction<Database>, reaction: Reaction, contentUuid: string, userUuid: string): Promise<boolean> {
  const result = reaction === 'flag'
    ? await trx.deleteFrom('flags').where('content_uuid', '=', contentUuid).where('user_uuid', '=', userUuid).executeTakeFirst()
    : await trx.deleteFrom('reactions').where('content_uuid', '=', contentUuid).where('user_uuid', '=', userUuid).where('kind', '=', reaction).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The comment, only if it is in that container. */
export async function getCommentInContainer(db: Kysely<Database>, containerUuid: string, uuid: string): Promise<ContentsTable | null> {
  const row = await db
    .selectFrom('contents')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('container_uuid', '=', containerUuid)
    .executeTakeFirst();
  return row ?? null;
}

/** The viewer as content/visibility.ts reads them: privileged on this site, and whom they muted. */
export async function viewerOf(db: Kysely<Database>, user: UserRow | null, siteUuid: string): Promise<Viewer> {
  if (!user || user.site_uuid !== siteUuid) return { uuid: null, privileged: false, muted: [] };
  return {
    uuid: user.uuid,
    privileged: user.user_privilege === 'mod' || user.user_privilege === 'admin',
    muted: [...(await mutedBy(db, user.uuid))],
  };
}

/**
 * The site's one account anonymous comments are stored under (privilege guest); each comment
 * keeps the name its guest gave. Its email is not an address, so nobody can sign up or log in as
 * it, and its password hash matches no password.
 */
export async function anonymousActor(db: Kysely<Database>, siteUuid: string): Promise<UserRow> {
  const email = 'anonymous';
  const created = await createUser(db, { site_uuid: siteUuid, email, name: 'Anonymous', password_hash: '!', user_privilege: 'guest' });
  const row = created ?? (await findUserByEmail(db, siteUuid, email));
  if (!row) throw new Error(`The anonymous account of site ${siteUuid} could not be created`);
  return row;
}
