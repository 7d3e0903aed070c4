/**
 * Items as the moderation queue shows them (core/moderation/types.ts QueueItem): the stored text,
 * the author with their counts, the page and the deep link to the item in place, the reports with
 * their reasons, why it was held, and the decisions on it. A page of items is a handful of
 * set-based reads, whatever its size.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { HoldReason, QueueAuthor, QueueDecision, QueueItem } from '../../core/moderation/types.ts';
import { CONFIRMED_META, pageOfContainer } from '../pages/index.ts';
import type { Database } from '../storage/schema.ts';
import { kindOf } from './queueQuery.ts';

/** The page's address with the conversations' deep link to the item (docs/elements.md "Deeplink"). */
export function deepLink(pageUrl: string, contentUuid: string): string {
  try {
    const url = new URL(pageUrl);
    url.searchParams.set('deeplink', contentUuid);
    return url.toString();
  } catch {
    return pageUrl; // a stored page url is always absolute; a damaged one still leads to the page
  }
}

function parseReason(json: string | null | undefined): HoldReason | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as HoldReason;
  } catch {
    return null;
  }
}

/** Authors with their counts: approved (shown), rejected (disabled or spam), reported (flagged). */
export async function authorsOf(db: Kysely<Database>, uuids: string[]): Promise<Map<string, QueueAuthor>> {
  if (uuids.length === 0) return new Map();
  const [users, tallies] = await Promise.all([
    db.selectFrom('users').select(['uuid', 'name', 'pic_small', 'date_created', 'badge_trusted', 'always_premoderate']).where('uuid', 'in', uuids).execute(),
    db
      .selectFrom('contents')
      .select((eb) => ['actor_uuid', 'state', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(eb.case().when('total_flags', '>', 0).then(1).else(0).end()).as('flagged')])
      .where('actor_uuid', 'in', uuids)
      // What a moderator decided or let through; their held items are not counted (nor read).
      .where('state', 'in', ['visible', 'disabled', 'spam'])
      .groupBy(['actor_uuid', 'state'])
      .execute(),
  ]);
  const counts = new Map(uuids.map((uuid) => [uuid, { approved: 0, rejected: 0, reported: 0 }]));
  for (const row of tallies) {
    const c = counts.get(row.actor_uuid)!;
    if (row.state === 'visible') c.approved += Number(row.n);
    if (row.state === 'disabled' || row.state === 'spam') c.rejected += Number(row.n);
    c.reported += Number(row.flagged ?? 0);
  }
  return new Map(users.map((u) => [u.uuid, {
    uuid: u.uuid, name: u.name, pic_small: u.pic_small ?? null, date_created: Number(u.date_created),
    badge_trusted: Number(u.badge_trusted ?? 0) === 1, always_premoderate: Number(u.always_premoderate ?? 0) === 1,
    counts: counts.get(u.uuid)!,
  }]));
}

/** The decisions on each item, newest first, with the moderator's name (none: automatic). */
export async function decisionsOf(db: Kysely<Database>, contentUuids: string[]): Promise<Map<string, QueueDecision[]>> {
  const byItem = new Map<string, QueueDecision[]>(contentUuids.map((uuid) => [uuid, []]));
  if (contentUuids.length === 0) return byItem;
  const rows = await db
    .selectFrom('moderation_decisions as d')
    .leftJoin('users', 'users.uuid', 'd.actor_uuid')
    .select(['d.uuid', 'd.content_uuid', 'd.action', 'd.actor_uuid', 'users.name as actor_name', 'd.state_before', 'd.state_after', 'd.date_created'])
    .where('d.content_uuid', 'in', contentUuids)
    .orderBy('d.date_created', 'desc')
    .orderBy('d.uuid', 'desc')
    .execute();
  for (const row of rows) {
    byItem.get(row.content_uuid)?.push({
      uuid: row.uuid,
      action: row.action,
      actor: row.actor_name == null ? null : { uuid: row.actor_uuid, name: row.actor_name },
      state_before: row.state_before,
      state_after: row.state_after,
      date_created: Number(row.date_created),
    });
  }
  return byItem;
}

/**
 * The items, in the order of `uuids` (ones that are gone are left out); or those a subquery of
 * uuids names (a queue's page, queuePageUuids), in no order.
 */
export async function queueItems(db: Kysely<Database>, source: string[] | SelectQueryBuilder<Database, any, { uuid: string }>): Promise<QueueItem[]> {
  if (Array.isArray(source) && source.length === 0) return [];
  const rows = await db
    .selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .leftJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)).on('pages.meta_source', 'in', CONFIRMED_META))
    .select([
      'contents.uuid', 'contents.type', 'contents.state', 'contents.content', 'contents.date_created', 'contents.actor_uuid', 'contents.container_uuid',
      'contents.is_picked', 'contents.total_flags', 'contents.hold_reason', 'pages.uuid as page_uuid', 'pages.title as page_title', 'pages.url as page_url',
      'pages.section as page_section',
    ])
    .where('contents.uuid', 'in', source)
    .execute();
  if (rows.length === 0) return [];
  const uuids = Array.isArray(source) ? source : rows.map((row) => row.uuid);
  const [authors, decisions, flags] = await Promise.all([
    authorsOf(db, [...new Set(rows.map((row) => row.actor_uuid))]),
    decisionsOf(db, uuids),
    db.selectFrom('flags').select(['content_uuid', 'reason']).where('content_uuid', 'in', uuids).orderBy('date_created').execute(),
  ]);
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  return uuids.flatMap((uuid) => {
    const row = byUuid.get(uuid);
    const author = row && authors.get(row.actor_uuid);
    if (!row || !author) return [];
    const reasons = flags.filter((f) => f.content_uuid === uuid).flatMap((f) => (f.reason ? [f.reason] : []));
    const item: QueueItem = {
      uuid,
      kind: kindOf(row.type) ?? 'comment',
      type: row.type,
      state: row.state,
      content: row.content,
      date_created: Number(row.date_created),
      author,
      page: { uuid: row.page_uuid ?? null, container_uuid: row.container_uuid, title: row.page_title ?? null, url: row.page_url ?? null, section: row.page_section ?? null },
      link: row.page_url ? deepLink(row.page_url, uuid) : null,
      is_picked: Number(row.is_picked) === 1,
      reason: parseReason(row.hold_reason) ?? (Number(row.total_flags ?? 0) > 0 ? { rule: 'reports' } : null),
      reports: { count: Number(row.total_flags ?? 0), reasons },
      decisions: decisions.get(uuid) ?? [],
    };
    return [item];
  });
}
