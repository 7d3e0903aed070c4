/**
 * Which items each moderation queue holds, one page at a time (docs/moderation.md "The queues").
 * A queue is a set of states (and, for reported / unmoderated / approved, one more condition) over
 * the content types of the kinds asked for. Each (state, type) pair is one short range of an
 * index that ends in (date_created, uuid) (migration 025), read up to the page's size; the ranges
 * are merged in the same statement that reads the page's items: a page costs a few index ranges
 * and one round trip, however many items wait.
 */
import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import { QUEUE_KINDS, type QueueKind, type QueueName } from '../../core/moderation/types.ts';
import type { ContentType, Database } from '../storage/schema.ts';
import { pagesWithContainers } from '../pages/index.ts';

/** The content types of each kind a moderator names. Live-blog posts are the editors' own: never queued. */
export const KIND_TYPES: Record<QueueKind, ContentType[]> = {
  comment: ['comment', 'reply'],
  liveblog_reply: ['reply_to_liveblog_post'],
  chat_message: ['chat_message'],
  review: ['review'],
};

/** The kind a content type belongs to (null: not queued). */
export function kindOf(type: string): QueueKind | null {
  return QUEUE_KINDS.find((kind) => (KIND_TYPES[kind] as string[]).includes(type)) ?? null;
}

type ContentQueue = Exclude<QueueName, 'profiles'>;

/** The states a queue lists, and the condition beyond them (as SQL literals: partial indexes match only literals). */
const QUEUE_RULES: Record<ContentQueue, { states: string[]; extra?: RawBuilder<boolean> }> = {
  pending: { states: ['awaiting_moderation'] },
  reported: { states: ['visible'], extra: sql.raw<boolean>('contents.total_flags > 0') },
  unmoderated: { states: ['visible'], extra: sql.raw<boolean>('contents.moderated_at is null') },
  approved: { states: ['visible'], extra: sql.raw<boolean>('contents.moderated_at is not null') },
  rejected: { states: ['disabled', 'spam'] },
};

export interface QueueFilter {
  site: string;
  kind?: QueueKind;
  container?: string;
  author?: string;
  /** The pages' own section (pages.section). */
  pageSection?: string;
  q?: string;
  order: 'newest' | 'oldest';
  cursor?: Cursor;
  limit: number;
}

/** Where a page ends: the last item's (date_created, uuid). */
export interface Cursor {
  date: number;
  uuid: string;
}

export const CURSOR_PATTERN = '^[0-9]{1,15}\\.[0-9a-f-]{36}$';
export const encodeCursor = (c: Cursor) => `${c.date}.${c.uuid}`;
export function decodeCursor(text: string): Cursor {
  const [date, uuid] = text.split('.') as [string, string];
  return { date: Number(date), uuid };
}

/** `text` for a LIKE pattern that matches it anywhere, lower-cased (escape character `\`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The uuids of the queue's next `limit` + 1 items after the cursor (one more tells whether more
 * follow), as a subquery: the page's items are read with it in one statement (queueItems).
 */
export function queuePageUuids(db: Kysely<Database>, queue: ContentQueue, f: QueueFilter) {
  const rule = QUEUE_RULES[queue];
  const types = f.kind ? KIND_TYPES[f.kind] : QUEUE_KINDS.flatMap((kind) => KIND_TYPES[kind]);
  const descending = f.order === 'newest';
  const ranges = rule.states.flatMap((state) => types.map((type) => ({ state, type })));
  const direction = descending ? 'desc' : 'asc';
  const range = ({ state, type }: { state: string; type: ContentType }) => {
    let query = db.selectFrom('contents').select(['contents.uuid', 'contents.date_created']).where('contents.state', '=', state).where('contents.type', '=', type);
    // The most selective equality leads, so the planner takes that filter's index (the caller
    // checked that the page or the author belongs to the site).
    if (f.container) query = query.where('contents.container_uuid', '=', f.container);
    else if (f.author) query = query.where('contents.actor_uuid', '=', f.author);
    else query = query.where('contents.site_uuid', '=', f.site);
    if (f.container && f.author) query = query.where('contents.actor_uuid', '=', f.author);
    if (rule.extra) query = query.where(rule.extra);
    if (f.pageSection) query = query.where('contents.container_uuid', 'in', containersOfSection(db, f.site, f.pageSection));
    if (f.q) query = query.where(sql<boolean>`lower(contents.content) like ${containsPattern(f.q)} escape '\\'`);
    if (f.cursor) query = query.where(after(f.cursor, descending));
    return query.orderBy('contents.date_created', direction).orderBy('contents.uuid', direction).limit(f.limit + 1);
  };
  // One statement: each range read up to the page's size in a subquery of its own (so each keeps
  // its index range and its limit), put together, and ordered once.
  const [first, ...rest] = ranges.map((r, i) => db.selectFrom(range(r).as(`r${i}`)).select(['uuid', 'date_created']));
  const all = rest.reduce((union, part) => union.unionAll(part), first!);
  return db.selectFrom(all.as('ranges')).select('uuid').orderBy('date_created', direction).orderBy('uuid', direction).limit(f.limit + 1);
}

/** A page of items read with queuePageUuids' one extra, in order: the page, and the cursor after it when more follow. */
export function pageOf<T extends { uuid: string; date_created: number }>(items: T[], order: QueueFilter['order'], limit: number): { items: T[]; next: Cursor | null } {
  const sign = order === 'newest' ? -1 : 1;
  const sorted = [...items].sort((a, b) => sign * (a.date_created - b.date_created || (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0)));
  const page = sorted.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page, next: sorted.length > limit && last ? { date: last.date_created, uuid: last.uuid } : null };
}

/** Items after the cursor in the list's order: (date, uuid) beyond the cursor's. */
function after(cursor: Cursor, descending: boolean) {
  const op = descending ? '<' : '>';
  return (eb: ExpressionBuilder<Database, 'contents'>) =>
    eb.or([
      eb('contents.date_created', op, cursor.date),
      eb.and([eb('contents.date_created', '=', cursor.date), eb('contents.uuid', op, cursor.uuid)]),
    ]);
}

/** The site's containers whose page is in `section` (a subquery). */
function containersOfSection(db: Kysely<Database>, site: string, section: string) {
  return pagesWithContainers(db).select('containers.uuid').where('pages.site_uuid', '=', site).where('pages.section', '=', section);
}

/** Each queue's number of items on the site, with the open notices of illegal content and appeals (docs/law.md). */
export async function queueCounts(db: Kysely<Database>, site: string): Promise<Record<QueueName | 'notices' | 'appeals', number>> {
  const types = QUEUE_KINDS.flatMap((kind) => KIND_TYPES[kind]);
  const count = async (queue: ContentQueue) => {
    const rule = QUEUE_RULES[queue];
    let query = db.selectFrom('contents').select((eb) => eb.fn.countAll<number>().as('n')).where('contents.site_uuid', '=', site)
      .where('contents.state', 'in', rule.states).where('contents.type', 'in', types);
    if (rule.extra) query = query.where(rule.extra);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const open = async (table: 'legal_notices' | 'appeals') => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('site_uuid', '=', site).where('state', '=', 'open').executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [pending, reported, unmoderated, approved, rejected, profiles, notices, appeals] = await Promise.all([
    count('pending'), count('reported'), count('unmoderated'), count('approved'), count('rejected'), profileCount(db, site), open('legal_notices'), open('appeals'),
  ]);
  return { pending, reported, unmoderated, approved, rejected, profiles, notices, appeals };
}

async function profileCount(db: Kysely<Database>, site: string): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('site_uuid', '=', site).where(pendingProfile).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A user whose name or picture waits. */
export const pendingProfile = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.or([eb('users.username_moderation_status', '=', 'pending'), eb('users.avatar_moderation_status', '=', 'pending')]);
