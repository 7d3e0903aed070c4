/** Notification rows (docs/notifications.md): one per recipient; status only moves forward. */
import type { Kysely } from 'kysely';
import type { NotificationFilter, NotificationStatus } from '../../core/api/notificationTypes.ts';
import type { BroadcastsTable, Database, NotificationsTable } from '../storage/schema.ts';

/** Rows per insert: well under SQLite's and PostgreSQL's bound-parameter limits (11 columns each). */
const INSERT_CHUNK = 1000;

/** Writes the rows in chunks (after the broadcast they point at, if any), in one transaction. */
export async function insertNotifications(db: Kysely<Database>, rows: NotificationsTable[], broadcast?: BroadcastsTable): Promise<void> {
  if (rows.length === 0 && !broadcast) return;
  await db.transaction().execute(async (trx) => {
    if (broadcast) await trx.insertInto('broadcasts').values(broadcast).execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx.insertInto('notifications').values(rows.slice(i, i + INSERT_CHUNK)).execute();
  });
}

/** Whether the recipient already had this like or follow (a like taken back and given again notifies once). */
export async function alreadyNotified(db: Kysely<Database>, user: string, type: string, actor: string, target: string): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('uuid')
    .where('user_uuid', '=', user)
    .where('type', '=', type)
    .where('actor_uuid', '=', actor)
    .where('target_uuid', '=', target)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PageQuery {
  filter?: NotificationFilter;
  limit: number;
  /** Only rows created before this time (ms): the next page. */
  before?: number;
  /** Only rows about this container (mentions). */
  containerUuid?: string;
}

const TYPE_OF_FILTER: Partial<Record<NotificationFilter, string>> = { likes: 'like', replies: 'reply' };

/** The user's newest rows matching the query. */
export async function notificationRows(db: Kysely<Database>, user: string, query: PageQuery): Promise<NotificationsTable[]> {
  let select = db.selectFrom('notifications').selectAll('notifications').where('notifications.user_uuid', '=', user);
  const type = query.filter ? TYPE_OF_FILTER[query.filter] : undefined;
  if (type) select = select.where('notifications.type', '=', type);
  if (query.filter === 'editor-picks') {
    select = select.innerJoin('contents', 'contents.uuid', 'notifications.content_uuid').where('contents.is_picked', '=', 1);
  }
  if (query.before !== undefined) select = select.where('notifications.date_created', '<', query.before);
  if (query.containerUuid) select = select.where('notifications.container_uuid', '=', query.containerUuid);
  const rows = await select.orderBy('notifications.date_created', 'desc').orderBy('notifications.uuid', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({ ...row, date_created: Number(row.date_created) }));
}

export async function countNew(db: Kysely<Database>, user: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_uuid', '=', user)
    .where('status', '=', 'new')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the user's notification; false when it is not theirs or unknown. */
export async function deleteNotification(db: Kysely<Database>, user: string, uuid: string): Promise<boolean> {
  const result = await db.deleteFrom('notifications').where('user_uuid', '=', user).where('uuid', '=', uuid).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The statuses a row may move from to reach `status` (never backwards: read stays read). */
const FROM: Record<Exclude<NotificationStatus, 'new'>, NotificationStatus[]> = { seen: ['new'], read: ['new', 'seen'] };

/**
 * Moves one notification (or, with uuid null, every one of the user's) forward to `status`.
 * Returns the notification's status after the change, or null when it is not the user's.
 */
export async function advanceStatus(db: Kysely<Database>, user: string, uuid: string | null, status: Exclude<NotificationStatus, 'new'>): Promise<NotificationStatus | null> {
  let update = db.updateTable('notifications').set({ status }).where('user_uuid', '=', user).where('status', 'in', FROM[status]);
  if (uuid !== null) update = update.where('uuid', '=', uuid);
  await update.execute();
  if (uuid === null) return status;
  const row = await db.selectFrom('notifications').select('status').where('user_uuid', '=', user).where('uuid', '=', uuid).executeTakeFirst();
  return (row?.status as NotificationStatus | undefined) ?? null;
}
