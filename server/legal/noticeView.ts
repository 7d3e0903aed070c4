/**
 * Notices of illegal content as moderators see them (core/legal/types.ts `NoticeItem`): the notice,
 * the item in place (its text, state and page from the server's page join), who decided it, and
 * the item's history (its other notices and the moderation decisions on it, oldest first). A page
 * of the queue is a few set-based reads, whatever its size.
 */
import type { Kysely } from 'kysely';
import type { LegalItem, LegalSettings, NoticeItem, NoticeState, NoticeTargetType } from '../../core/legal/types.ts';
import { decodeCursor, encodeCursor } from '../moderation/index.ts';
import type { Database, LegalNoticesTable } from '../storage/schema.ts';
import { contentItems, goneItem, profileItems } from './items.ts';
import { legalSettings } from './settings.ts';
import { groundLabel } from './statements.ts';

export type NoticeQueueState = 'open' | 'decided';

/** A page's end: open notices order by (trusted, date_created, uuid), so the cursor carries the three; decided ones by (decided_at, uuid). */
export const NOTICE_CURSOR_PATTERN = '^([01]\\.)?[0-9]{1,15}\\.[0-9a-f-]{36}$';

const numberOr = (value: number | null | undefined) => (value == null ? null : Number(value));

/** Users' names, by uuid. */
async function namesOf(db: Kysely<Database>, uuids: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(uuids.filter((uuid): uuid is string => !!uuid))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['uuid', 'name']).where('uuid', 'in', ids).execute();
  return new Map(rows.map((row) => [row.uuid, row.name]));
}

/** Each notice's history: the item's other notices and the moderation decisions on it, oldest first. */
async function historiesOf(db: Kysely<Database>, rows: LegalNoticesTable[]): Promise<Map<string, NoticeItem['history']>> {
  const contentIds = [...new Set(rows.flatMap((row) => (row.content_uuid ? [row.content_uuid] : [])))];
  const profileOwners = [...new Set(rows.flatMap((row) => (!row.content_uuid && row.target_user_uuid ? [row.target_user_uuid] : [])))];
  const [byContent, byProfile, decisions] = await Promise.all([
    contentIds.length ? db.selectFrom('legal_notices').selectAll().where('content_uuid', 'in', contentIds).execute() : [],
    profileOwners.length ? db.selectFrom('legal_notices').selectAll().where('content_uuid', 'is', null).where('target_user_uuid', 'in', profileOwners).execute() : [],
    contentIds.length
      ? db.selectFrom('moderation_decisions as d').leftJoin('users', 'users.uuid', 'd.actor_uuid').select(['d.content_uuid', 'd.action', 'users.name as actor_name', 'd.date_created'])
        .where('d.content_uuid', 'in', contentIds).execute()
      : [],
  ]);
  const others = [...byContent, ...byProfile];
  return new Map(rows.map((row) => {
    const sameItem = (other: LegalNoticesTable) => other.uuid !== row.uuid
      && (row.content_uuid ? other.content_uuid === row.content_uuid : other.target_user_uuid === row.target_user_uuid && other.target_type === row.target_type);
    const history = [
      ...others.filter(sameItem).map((other) => ({ what: `notice:${other.state}:${other.kind}`, by: other.reporter_name ?? null, at: Number(other.date_created) })),
      ...decisions.filter((d) => row.content_uuid && d.content_uuid === row.content_uuid).map((d) => ({ what: `decision:${d.action}`, by: d.actor_name ?? null, at: Number(d.date_created) })),
    ];
    return [row.uuid, history.sort((a, b) => a.at - b.at)];
  }));
}

/** The items the notices point at, by notice uuid. */
async function itemsOf(db: Kysely<Database>, rows: LegalNoticesTable[]): Promise<Map<string, LegalItem>> {
  const profiles = rows.filter((row) => !row.content_uuid && row.target_user_uuid);
  // A name judged illegal or against the terms was taken away: the item shows the name reported.
  const removedNames = new Set(profiles.filter((row) => row.target_type === 'profile_name' && row.statement_uuid).map((row) => row.target_user_uuid!));
  const [contents, users] = await Promise.all([
    contentItems(db, [...new Set(rows.flatMap((row) => (row.content_uuid ? [row.content_uuid] : [])))]),
    profileItems(db, [...new Set(profiles.map((row) => row.target_user_uuid!))], removedNames),
  ]);
  return new Map(rows.map((row) => [
    row.uuid,
    (row.content_uuid ? contents.get(row.content_uuid) : row.target_user_uuid ? users.get(row.target_user_uuid) : undefined) ?? goneItem(row.content_uuid, row.target_user_uuid),
  ]));
}

/** The notices, by uuid (unknown ones left out). */
export async function loadNoticeItems(db: Kysely<Database>, uuids: string[]): Promise<Map<string, NoticeItem>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('legal_notices').selectAll().where('uuid', 'in', uuids).execute();
  if (rows.length === 0) return new Map();
  const settings = new Map<string, LegalSettings>();
  for (const site of new Set(rows.map((row) => row.site_uuid))) settings.set(site, await legalSettings(db, site));
  const [items, histories, names] = await Promise.all([itemsOf(db, rows), historiesOf(db, rows), namesOf(db, rows.map((row) => row.decided_by))]);
  return new Map(rows.map((row) => {
    const notice: NoticeItem = {
      uuid: row.uuid,
      reference: row.reference,
      target_type: row.target_type as NoticeTargetType,
      kind: row.kind,
      kind_label: groundLabel(settings.get(row.site_uuid)!, 'illegal', row.kind),
      explanation: row.explanation,
      reporter_name: row.reporter_name ?? null,
      reporter_email: row.reporter_email ?? null,
      trusted: Number(row.trusted) === 1,
      state: row.state as NoticeState,
      decided_by: row.decided_by ? { uuid: row.decided_by, name: names.get(row.decided_by) ?? '' } : null,
      decided_at: numberOr(row.decided_at),
      date_created: Number(row.date_created),
      item: items.get(row.uuid)!,
      history: histories.get(row.uuid) ?? [],
    };
    return [row.uuid, notice];
  }));
}

/**
 * One page of the site's notices and the cursor after it: open ones trusted flaggers' first, then
 * oldest first (the order they wait in); decided ones most recently decided first.
 */
export async function noticePage(db: Kysely<Database>, site: string, state: NoticeQueueState, limit: number, cursorText?: string): Promise<{ items: NoticeItem[]; next_cursor: string | null }> {
  let query = db.selectFrom('legal_notices').select(['uuid', 'trusted', 'date_created', 'decided_at']).where('site_uuid', '=', site);
  if (state === 'open') {
    query = query.where('state', '=', 'open');
    if (cursorText) {
      const [trusted, ...rest] = cursorText.split('.');
      const t = Number(trusted);
      const c = decodeCursor(rest.join('.'));
      // After (t, date, uuid) in the order trusted desc, date asc, uuid asc.
      query = query.where((eb) => eb.or([
        eb('trusted', '<', t),
        eb.and([eb('trusted', '=', t), eb.or([eb('date_created', '>', c.date), eb.and([eb('date_created', '=', c.date), eb('uuid', '>', c.uuid)])])]),
      ]));
    }
    query = query.orderBy('trusted', 'desc').orderBy('date_created', 'asc').orderBy('uuid', 'asc');
  } else {
    query = query.where('state', 'in', ['illegal', 'not_illegal']);
    if (cursorText) {
      const c = decodeCursor(cursorText.replace(/^[01]\./, ''));
      query = query.where((eb) => eb.or([eb('decided_at', '<', c.date), eb.and([eb('decided_at', '=', c.date), eb('uuid', '<', c.uuid)])]));
    }
    query = query.orderBy('decided_at', 'desc').orderBy('uuid', 'desc');
  }
  const rows = await query.limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const more = rows.length > limit && last;
  const next_cursor = !more ? null
    : state === 'open' ? `${Number(last.trusted) === 1 ? 1 : 0}.${encodeCursor({ date: Number(last.date_created), uuid: last.uuid })}`
      : encodeCursor({ date: Number(last.decided_at), uuid: last.uuid });
  const items = await loadNoticeItems(db, page.map((row) => row.uuid));
  return { items: page.flatMap((row) => items.get(row.uuid) ?? []), next_cursor };
}
