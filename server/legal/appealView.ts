/**
 * Appeals as they are read (core/legal/types.ts): `Appeal` as its appellant sees it, and
 * `AppealItem` as moderators see it in their queue, with the statement or the notice appealed
 * (read by statementView.ts and noticeView.ts), who took the decision appealed and who decided
 * the appeal. A page of the queue is a few set-based reads, whatever its size.
 */
import type { Kysely } from 'kysely';
import type { Appeal, AppealItem, AppealState } from '../../core/legal/types.ts';
import { decodeCursor } from '../moderation/index.ts';
import type { AppealsTable, Database } from '../storage/schema.ts';
import { loadNoticeItems } from './noticeView.ts';
import { loadStatements } from './statementView.ts';

/** The appellant's view of an appeal row. */
export function appealOf(row: AppealsTable): Appeal {
  return {
    uuid: row.uuid,
    appellant_role: row.appellant_role === 'reporter' ? 'reporter' : 'author',
    text: row.text,
    state: row.state as AppealState,
    explanation: row.explanation ?? null,
    date_created: Number(row.date_created),
    decided_at: row.decided_at == null ? null : Number(row.decided_at),
    single_moderator: Number(row.single_moderator) === 1,
  };
}

/** Names of these users (an erased one keeps the pseudonym erasure left). */
async function namesOf(db: Kysely<Database>, uuids: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(uuids.filter((uuid): uuid is string => !!uuid))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['uuid', 'name']).where('uuid', 'in', ids).execute();
  return new Map(rows.map((row) => [row.uuid, row.name]));
}

/** The appeals, as moderators see them, in the order of `uuids` (unknown ones left out). */
export async function loadAppealItems(db: Kysely<Database>, uuids: string[]): Promise<AppealItem[]> {
  if (uuids.length === 0) return [];
  const rows = await db.selectFrom('appeals').selectAll().where('uuid', 'in', uuids).execute();
  const statementIds = rows.flatMap((row) => (row.statement_uuid ? [row.statement_uuid] : []));
  const noticeIds = rows.flatMap((row) => (row.notice_uuid ? [row.notice_uuid] : []));
  const [statements, notices, names] = await Promise.all([
    statementIds.length ? loadStatements(db, statementIds) : new Map(),
    noticeIds.length ? loadNoticeItems(db, noticeIds) : new Map(),
    namesOf(db, rows.flatMap((row) => [row.first_decided_by, row.decided_by])),
  ]);
  const someone = (uuid: string | null) => (uuid && names.has(uuid) ? { uuid, name: names.get(uuid)! } : null);
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = byUuid.get(uuid);
    if (!row) return [];
    const item: AppealItem = {
      ...appealOf(row),
      statement: (row.statement_uuid && statements.get(row.statement_uuid)) || null,
      notice: (row.notice_uuid && notices.get(row.notice_uuid)) || null,
      first_decided_by: someone(row.first_decided_by),
      decided_by: someone(row.decided_by),
    };
    return [item];
  });
}

export type AppealQueueState = 'open' | 'decided';

/**
 * One page of the site's appeals and the cursor after it: open ones oldest first (the order they
 * wait in), decided ones most recently decided first. The cursor is the last one's (date, uuid).
 */
export async function appealPage(db: Kysely<Database>, site: string, state: AppealQueueState, limit: number, cursorText?: string): Promise<{ uuids: string[]; next: { date: number; uuid: string } | null }> {
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  const open = state === 'open';
  const column = open ? 'date_created' : 'decided_at';
  const op = open ? '>' : '<';
  let query = db.selectFrom('appeals').select(['uuid', 'date_created', 'decided_at']).where('site_uuid', '=', site);
  query = open ? query.where('state', '=', 'open') : query.where('state', 'in', ['upheld', 'reversed']);
  if (cursor) {
    query = query.where((eb) => eb.or([eb(column, op, cursor.date), eb.and([eb(column, '=', cursor.date), eb('uuid', op, cursor.uuid)])]));
  }
  const direction = open ? 'asc' : 'desc';
  const rows = await query.orderBy(column, direction).orderBy('uuid', direction).limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next = rows.length > limit && last ? { date: Number(open ? last.date_created : last.decided_at), uuid: last.uuid } : null;
  return { uuids: page.map((row) => row.uuid), next };
}
