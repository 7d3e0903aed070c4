/**
 * Changes to an existing comment (edit, delete, moderation, pin, pick). Each change, the counters
 * it moves and its realtime event are one transaction, like every comment write (comments.ts).
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { ContentEvent, ContentEventName, EventContentType } from '../../core/api/types.ts';
import { canSee, PUBLIC_VIEWER } from '../content/visibility.ts';
import { HttpError } from '../errors.ts';
import { getCommentWithActor, type Row, toApiComment } from './contentQueries.ts';
import { moveCounts } from './contents.ts';
import { appendEvent, type EventDraft } from './events.ts';
import type { ContentsTable, ContentType, Database } from '../storage/schema.ts';

export interface CommentUpdate {
  /** The columns to set, or null when the comment is already as asked (nothing is written). */
  patch: Updateable<ContentsTable> | null;
  /** Further writes in the same transaction (e.g. clearing flags). */
  also?: (trx: Transaction<Database>) => Promise<void>;
}

export interface CommentChangeResult {
  /** The comment after the change (as it was, when nothing changed). */
  row: Row;
  /** The logged event (publish it: it has committed); null when nothing changed. */
  event: ContentEvent | null;
}

/**
 * Reads the comment, asks `decide` what to change, writes it with the counters a change of
 * visibility moves, and logs the event `describe` makes of the result. A concurrent change of
 * the same comment's state answers 409 rather than moving the counters twice. `describe` null:
 * a change no page shows (no event).
 */
export async function changeComment(
  db: Kysely<Database>,
  uuid: string,
  decide: (before: Row) => CommentUpdate,
  describe: (before: Row, after: Row) => EventDraft | null,
): Promise<CommentChangeResult> {
  return db.transaction().execute(async (trx) => {
    const before = await getCommentWithActor(trx, uuid);
    if (!before) throw new HttpError(404, 'No such comment in this content container');
    const { patch, also } = decide(before);
    if (!patch) return { row: before, event: null };
    const result = await trx.updateTable('contents').set(patch).where('uuid', '=', uuid).where('state', '=', before.state).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, 'The comment changed meanwhile; try again');
    await also?.(trx);
    const after = (await getCommentWithActor(trx, uuid))!;
    const wasVisible = before.state === 'visible';
    const isVisible = after.state === 'visible';
    if (wasVisible !== isVisible) await moveCounts(trx, after, isVisible ? 1 : -1);
    const draft = describe(before, after);
    return { row: after, event: draft && (await appendEvent(trx, draft)) };
  });
}

/**
 * The lock a moderator's action sets on someone else's comment: its author may no longer edit or
 * remove it (docs/settings.md "What locks a comment"). The first lock stays; a moderator's own
 * comment is not locked by their own action.
 */
export function lockBy(before: Pick<Row, 'actor_uuid' | 'date_locked'>, moderatorUuid: string, now = Date.now()): { date_locked?: number } {
  return before.actor_uuid === moderatorUuid || before.date_locked != null ? {} : { date_locked: now };
}

/**
 * Locks the comment a moderator answered (in the reply's transaction) and logs `locked` with the
 * comment after the lock; null when nothing changed (already locked, or the moderator's own).
 */
export async function lockAnswered(trx: Transaction<Database>, uuid: string, moderatorUuid: string): Promise<ContentEvent | null> {
  const before = await getCommentWithActor(trx, uuid);
  const lock = before ? lockBy(before, moderatorUuid) : {};
  if (!before || lock.date_locked === undefined) return null;
  await trx.updateTable('contents').set(lock).where('uuid', '=', uuid).where('date_locked', 'is', null).execute();
  return appendEvent(trx, contentEvent('locked', { ...before, ...lock }, moderatorUuid));
}

/** Removes every flag of the comment (a moderator kept it). */
export async function clearFlags(trx: Transaction<Database>, uuid: string): Promise<void> {
  await trx.deleteFrom('flags').where('content_uuid', '=', uuid).execute();
}

/** The `content_type` of events about each type of content (content.md §3 "Content types"). */
const EVENT_TYPES: Record<ContentType, EventContentType> = {
  comment: 'comments',
  reply: 'comments',
  liveblog_post: 'liveblog_post',
  reply_to_liveblog_post: 'reply_to_liveblog_post',
  chat_message: 'chat_message',
  review: 'review',
};

/** The `content_type` of events about content of this type. */
export const eventTypeOf = (type: ContentType): EventContentType => EVENT_TYPES[type];

/** The event for a change of `row`; `content` only when the public may see it. */
export function contentEvent(event: ContentEventName, row: Row, actorUuid: string, extra: Partial<ContentEvent> = {}): EventDraft {
  const isPublic = row.state === 'visible' && canSee(PUBLIC_VIEWER, row);
  return {
    event,
    content_type: EVENT_TYPES[row.type],
    section_uuid: row.site_uuid,
    content_container_uuid: row.container_uuid,
    content_uuid: row.uuid,
    actor_uuid: actorUuid,
    ...(isPublic ? { content: toApiComment(row) } : {}),
    ...extra,
    time: Date.now(),
  };
}
