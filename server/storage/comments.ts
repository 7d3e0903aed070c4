/**
 * Comment writes. Each change and the counters it moves (container total, parent and thread
 * reply totals, like totals) are one transaction, so counts never drift from rows.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContentEvent } from '../../core/api/types.ts';
import { appendEvent, type EventDraft } from './events.ts';
import type { CommentsTable, Database } from './schema.ts';

export interface NewComment {
  site_uuid: string;
  container_uuid: string;
  actor_uuid: string;
  content: string;
  /** The comment replied to, if any (already checked to be in the same container). */
  parent?: Pick<CommentsTable, 'uuid' | 'thread_uuid' | 'actor_uuid'>;
}

/**
 * Stores the comment and, in the same transaction, the realtime event `describe` makes of it
 * (publish `event` only after this resolves: it has committed).
 */
export async function insertComment(
  db: Kysely<Database>,
  input: NewComment,
  describe: (row: CommentsTable) => EventDraft,
): Promise<{ row: CommentsTable; event: ContentEvent }> {
  const uuid = randomUUID();
  const parent = input.parent;
  const row: CommentsTable = {
    uuid,
    site_uuid: input.site_uuid,
    container_uuid: input.container_uuid,
    thread_uuid: parent ? parent.thread_uuid : uuid, // a top-level comment starts its own thread
    parent_uuid: parent?.uuid ?? null,
    parent_actor_uuid: parent?.actor_uuid ?? null,
    actor_uuid: input.actor_uuid,
    content: input.content,
    state: 'visible',
    total_likes: 0,
    total_dislikes: 0,
    total_replies: 0,
    total_direct_replies: 0,
    is_edited: 0,
    is_picked: 0,
    is_pinned: 0,
    date_created: Date.now(),
    date_edited: null,
  };
  const event = await db.transaction().execute(async (trx) => {
    await trx.insertInto('comments').values(row).execute();
    await trx
      .updateTable('containers')
      .set((eb) => ({ total_visible_content: eb('total_visible_content', '+', 1) }))
      .where('uuid', '=', input.container_uuid)
      .execute();
    const logged = await appendEvent(trx, describe(row));
    if (!parent) return logged;
    // total_direct_replies: replies to this comment; total_replies: replies below it (for a
    // thread starter, the whole thread).
    await trx
      .updateTable('comments')
      .set((eb) => ({ total_direct_replies: eb('total_direct_replies', '+', 1), total_replies: eb('total_replies', '+', 1) }))
      .where('uuid', '=', parent.uuid)
      .execute();
    if (parent.thread_uuid !== parent.uuid) {
      await trx
        .updateTable('comments')
        .set((eb) => ({ total_replies: eb('total_replies', '+', 1) }))
        .where('uuid', '=', parent.thread_uuid)
        .execute();
    }
    return logged;
  });
  return { row, event };
}

export type Reaction = 'like' | 'dislike';

export interface ReactionChange {
  changed: boolean;
  /** The comment's new total of this reaction. */
  total: number;
  /** The logged realtime event when something changed (publish it: it has committed). */
  event: ContentEvent | null;
}

/**
 * Adds (`on`) or removes the user's like or dislike; repeating the same call changes nothing.
 * The reaction row, the comment's total and the realtime event commit together.
 */
export async function setReaction(
  db: Kysely<Database>,
  reaction: Reaction,
  contentUuid: string,
  userUuid: string,
  on: boolean,
  describe: (total: number) => EventDraft,
): Promise<ReactionChange> {
  const table = reaction === 'like' ? 'likes' : 'dislikes';
  const column = reaction === 'like' ? 'total_likes' : 'total_dislikes';
  return db.transaction().execute(async (trx) => {
    let changed: boolean;
    if (on) {
      const result = await trx
        .insertInto(table)
        .values({ content_uuid: contentUuid, user_uuid: userUuid, date_created: Date.now() })
        .onConflict((oc) => oc.columns(['content_uuid', 'user_uuid']).doNothing())
        .executeTakeFirst();
      changed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    } else {
      const result = await trx.deleteFrom(table).where('content_uuid', '=', contentUuid).where('user_uuid', '=', userUuid).executeTakeFirst();
      changed = Number(result.numDeletedRows) > 0;
    }
    if (changed) {
      await trx
        .updateTable('comments')
        .set((eb) => ({ [column]: eb(column, on ? '+' : '-', 1) }))
        .where('uuid', '=', contentUuid)
        .execute();
    }
    const row = await trx.selectFrom('comments').select(column).where('uuid', '=', contentUuid).executeTakeFirstOrThrow();
    const total = Number((row as Record<string, unknown>)[column]);
    const event = changed ? await appendEvent(trx, describe(total)) : null;
    return { changed, total, event };
  });
}

/** The comment, only if it is in that container. */
export async function getCommentInContainer(db: Kysely<Database>, containerUuid: string, uuid: string): Promise<CommentsTable | null> {
  const row = await db
    .selectFrom('comments')
    .selectAll()
    .where('uuid', '=', uuid)
    .where('container_uuid', '=', containerUuid)
    .executeTakeFirst();
  return row ?? null;
}
