/**
 * The importer's database side (migration 021): the mapping from source ids to what they became,
 * the replies waiting for their parents, the authors' unclaimed accounts, and the counters a
 * batch of visible comments moves (the same ones engine/contents.ts moveCounts keeps).
 */
import { createHash, randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { normaliseName } from '../content/normalise.ts';
import type { ContentsTable, Database } from '../storage/schema.ts';
import { createUser, findUserByEmail, normaliseEmail } from '../engine/users.ts';
import type { SourceComment } from './sources.ts';
import { chunks } from '../storage/chunks.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MapKind = 'thread' | 'comment' | 'author';

/** An imported account's password hash: not a scrypt hash, so no password opens it until a reset sets one (docs/import.md "Claiming"). */
export const UNCLAIMED = '!imported';
/** The source authors are mapped under: one account per address, whichever file they came from. */
const AUTHOR_SOURCE = 'email';
/** Rows per statement (well under both engines' bound parameters). */
export const CHUNK = 200;


export interface Scope {
  siteUuid: string;
  source: string;
}

/** What these source ids of `kind` became (source id → vf uuid). */
export async function mapped(db: Db, scope: Scope, kind: MapKind, ids: readonly string[], source = scope.source): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const rows = await db
      .selectFrom('import_map')
      .select(['source_id', 'vf_uuid'])
      .where('site_uuid', '=', scope.siteUuid)
      .where('source', '=', source)
      .where('kind', '=', kind)
      .where('source_id', 'in', part)
      .execute();
    for (const row of rows) found.set(row.source_id, row.vf_uuid);
  }
  return found;
}

/** Records what these source ids became; returns the ids this call recorded (not one recorded before, or by a run alongside). */
export async function remember(db: Db, scope: Scope, kind: MapKind, pairs: readonly [string, string][], source = scope.source): Promise<Set<string>> {
  const now = Date.now();
  const recorded = new Set<string>();
  for (const part of chunks(pairs, CHUNK)) {
    const rows = await db
      .insertInto('import_map')
      .values(part.map(([sourceId, vfUuid]) => ({ site_uuid: scope.siteUuid, source, kind, source_id: sourceId, vf_uuid: vfUuid, date_created: now })))
      .onConflict((oc) => oc.columns(['site_uuid', 'source', 'kind', 'source_id']).doNothing())
      .returning('source_id')
      .execute();
    for (const row of rows) recorded.add(row.source_id);
  }
  return recorded;
}

export type ParentRow = Pick<ContentsTable, 'uuid' | 'thread_uuid' | 'actor_uuid' | 'container_uuid'>;

/** The imported comments with these source ids, as a reply needs its parent. */
export async function importedParents(db: Db, scope: Scope, ids: readonly string[]): Promise<Map<string, ParentRow>> {
  const found = new Map<string, ParentRow>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const rows = await db
      .selectFrom('import_map as m')
      .innerJoin('contents as c', 'c.uuid', 'm.vf_uuid')
      .select(['m.source_id', 'c.uuid', 'c.thread_uuid', 'c.actor_uuid', 'c.container_uuid'])
      .where('m.site_uuid', '=', scope.siteUuid)
      .where('m.source', '=', scope.source)
      .where('m.kind', '=', 'comment')
      .where('m.source_id', 'in', part)
      .execute();
    for (const { source_id, ...row } of rows) found.set(source_id, row);
  }
  return found;
}

/** Parks replies whose parent is not imported yet; a re-run parks nothing twice. */
export async function park(db: Db, scope: Scope, comments: readonly SourceComment[]): Promise<void> {
  for (const part of chunks(comments, CHUNK)) {
    await db
      .insertInto('import_pending')
      .values(part.map((c) => ({ site_uuid: scope.siteUuid, source: scope.source, source_id: c.id, waits_for: c.parentId ?? '', payload: JSON.stringify(c) })))
      .onConflict((oc) => oc.columns(['site_uuid', 'source', 'source_id']).doNothing())
      .execute();
  }
}

/** Up to `limit` parked replies waiting for one of `parentIds`. */
export async function parked(db: Db, scope: Scope, parentIds: readonly string[], limit = 500): Promise<SourceComment[]> {
  const rows = await db
    .selectFrom('import_pending')
    .select('payload')
    .where('site_uuid', '=', scope.siteUuid)
    .where('source', '=', scope.source)
    .where('waits_for', 'in', parentIds)
    .orderBy('source_id')
    .limit(limit)
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as SourceComment);
}

/**
 * Up to `limit` parked replies whose parent is neither imported nor parked: their parent is not
 * in the file. (A reply to such a reply keeps waiting: it follows its parent.)
 */
export async function orphans(db: Db, scope: Scope, limit = 500): Promise<SourceComment[]> {
  const rows = await db
    .selectFrom('import_pending as p')
    .select('p.payload')
    .where('p.site_uuid', '=', scope.siteUuid)
    .where('p.source', '=', scope.source)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('import_pending as q').select('q.source_id').whereRef('q.site_uuid', '=', 'p.site_uuid').whereRef('q.source', '=', 'p.source').whereRef('q.source_id', '=', 'p.waits_for'))),
    )
    .orderBy('p.source_id')
    .limit(limit)
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as SourceComment);
}

export async function unpark(db: Db, scope: Scope, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids, 500)) {
    await db.deleteFrom('import_pending').where('site_uuid', '=', scope.siteUuid).where('source', '=', scope.source).where('source_id', 'in', part).execute();
  }
}

/** An author's name as an account or a guest's comment keeps it: normalised, at most 50 characters ('' when blank). */
export const shortName = (name: string): string => [...normaliseName(name)].slice(0, 50).join('').trim();

export const validEmail = (email: string | null): email is string => !!email && email.length <= 254 && /^[^\s@<>]+@[^\s@<>]+$/.test(email);

/**
 * The account of each author address in `comments`: one made by an earlier import, else a new
 * unclaimed one (docs/import.md "Authors"). An address that already has an account on the site
 * is never given to the import: its comments go to an unclaimed account of their own whose
 * stored email is not an address, and the existing account is left as it is.
 */
export async function authorsOf(db: Db, scope: Scope, comments: readonly SourceComment[]): Promise<{ accounts: Map<string, string>; created: number }> {
  const names = new Map<string, string>();
  for (const c of comments) {
    if (validEmail(c.author.email)) names.set(normaliseEmail(c.author.email), names.get(normaliseEmail(c.author.email)) || c.author.name);
  }
  const accounts = await mapped(db, scope, 'author', [...names.keys()], AUTHOR_SOURCE);
  const missing = [...names].filter(([email]) => !accounts.has(email));
  const account = (email: string, rawName: string) => ({
    site_uuid: scope.siteUuid, name: shortName(rawName) || email.split('@')[0]!.slice(0, 50), password_hash: UNCLAIMED, user_privilege: 'user' as const,
  });
  const made: [string, string][] = [];
  const now = Date.now();
  for (const part of chunks(missing, CHUNK)) {
    const inserted = await db
      .insertInto('users')
      .values(part.map(([email, rawName]) => ({ ...account(email, rawName), uuid: randomUUID(), email, date_created: now })))
      .onConflict((oc) => oc.columns(['site_uuid', 'email']).doNothing())
      .returning(['uuid', 'email'])
      .execute();
    for (const row of inserted) made.push([row.email, row.uuid]);
  }
  for (const [email, uuid] of made) accounts.set(email, uuid);
  // The addresses that have an account already: a stand-in each (see above).
  for (const [email, rawName] of missing.filter(([address]) => !accounts.has(address))) {
    const standIn = `imported:${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
    const user = (await createUser(db, { ...account(email, rawName), email: standIn })) ?? (await findUserByEmail(db, scope.siteUuid, standIn));
    accounts.set(email, user!.uuid);
    made.push([email, user!.uuid]);
  }
  await remember(db, scope, 'author', made, AUTHOR_SOURCE);
  return { accounts, created: made.length };
}

/** Counter moves a batch's visible comments make: containers, and replies' parents and thread starters. */
export class Counts {
  private readonly containers = new Map<string, number>();
  private readonly direct = new Map<string, number>();
  private readonly below = new Map<string, number>();

  add(row: Pick<ContentsTable, 'container_uuid' | 'parent_uuid' | 'thread_uuid'>): void {
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
    bump(this.containers, row.container_uuid);
    if (!row.parent_uuid) return;
    bump(this.direct, row.parent_uuid);
    bump(this.below, row.parent_uuid);
    if (row.thread_uuid !== row.parent_uuid) bump(this.below, row.thread_uuid);
  }

  /** A few statements, not one per row: each adds its column's moves with a CASE over the uuids. */
  async apply(trx: Transaction<Database>): Promise<void> {
    const add = (column: string, moves: Map<string, number>, uuids: string[]) =>
      sql<number>`${sql.ref(column)} + case uuid ${sql.join(uuids.map((uuid) => sql`when ${uuid} then cast(${moves.get(uuid) ?? 0} as integer)`), sql` `)} else 0 end`;
    for (const part of chunks([...this.containers.keys()], CHUNK)) {
      await trx.updateTable('containers').set({ total_visible_content: add('total_visible_content', this.containers, part) }).where('uuid', 'in', part).execute();
    }
    for (const part of chunks([...new Set([...this.direct.keys(), ...this.below.keys()])], CHUNK)) {
      await trx
        .updateTable('contents')
        .set({ total_direct_replies: add('total_direct_replies', this.direct, part), total_replies: add('total_replies', this.below, part) })
        .where('uuid', 'in', part)
        .execute();
    }
  }
}
