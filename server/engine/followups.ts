/**
 * After-commit work an item's write leaves to do (migration 031): the write records a followup
 * in its own transaction; the caller does the work after commit and calls `done`; a followup
 * still there GRACE_MS later was cut off (the process died between commit and work), and the
 * sweep (notifications/followupSweep.ts) claims it and does the work again. The engine only keeps
 * the rows: what a kind's work is belongs to the feature that registered it.
 */
import type { Kysely, Transaction } from 'kysely';
import { chunks } from '../storage/chunks.ts';
import type { Database } from '../storage/schema.ts';

/** A new item showed; a held item was approved; an item was picked. */
export type FollowupKind = 'created' | 'approved' | 'picked';

/** How long the write's own process has to do the work before a sweep may take it. */
export const GRACE_MS = 30_000;
/** A claimed followup is free again this long after its claim (the sweeping process died). */
export const CLAIM_MS = 60_000;
/** How long `done` gathers rows before one delete removes them. */
const FORGET_EVERY_MS = 1000;

export interface Followup {
  content_uuid: string;
  kind: FollowupKind;
  actor_uuid: string | null;
  tries: number;
}

/** Records, in the write's transaction, that `kind`'s work for these items is still to do. */
export async function recordFollowups(trx: Transaction<Database>, kind: FollowupKind, uuids: string[], actor: string | null, now = Date.now()): Promise<void> {
  if (uuids.length === 0) return;
  await trx.insertInto('content_followups')
    .values(uuids.map((content_uuid) => ({ content_uuid, kind, actor_uuid: actor, due_at: now + GRACE_MS, tries: 0 })))
    .onConflict((conflict) => conflict.columns(['content_uuid', 'kind']).doUpdateSet({ actor_uuid: actor, due_at: now + GRACE_MS, tries: 0 }))
    .execute();
}

/**
 * Followups due by `now`, each claimed for this caller (a claim moves `due_at` on by CLAIM_MS and
 * counts a try; two processes never both claim one).
 */
export async function claimDueFollowups(db: Kysely<Database>, now: number, limit: number): Promise<Followup[]> {
  const due = await db.selectFrom('content_followups').selectAll().where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
  const claimed: Followup[] = [];
  for (const row of due) {
    const { numUpdatedRows } = await db.updateTable('content_followups')
      .set({ due_at: now + CLAIM_MS, tries: row.tries + 1 })
      .where('content_uuid', '=', row.content_uuid).where('kind', '=', row.kind).where('due_at', '=', row.due_at)
      .executeTakeFirst();
    if (Number(numUpdatedRows) === 1) claimed.push({ content_uuid: row.content_uuid, kind: row.kind as FollowupKind, actor_uuid: row.actor_uuid, tries: row.tries + 1 });
  }
  return claimed;
}

/** Removes followups whose work is done: gathered for FORGET_EVERY_MS, then one delete per kind. */
export class FollowupsDone {
  private readonly pending = new Map<FollowupKind, Set<string>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Kysely<Database>, private readonly log: { error(details: object, message: string): void }) {}

  done(kind: FollowupKind, uuids: string[]): void {
    if (uuids.length === 0) return;
    const set = this.pending.get(kind) ?? new Set<string>();
    for (const uuid of uuids) set.add(uuid);
    this.pending.set(kind, set);
    this.timer ??= setTimeout(() => void this.flush(), FORGET_EVERY_MS).unref();
  }

  /** Deletes what was gathered (a failure is logged: the sweep then redoes harmless work). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending];
    this.pending.clear();
    for (const [kind, set] of batches) {
      const uuids = [...set];
      try {
        for (const part of chunks(uuids, 500)) await this.db.deleteFrom('content_followups').where('kind', '=', kind).where('content_uuid', 'in', part).execute();
      } catch (error) {
        this.log.error({ err: error }, 'followups not removed');
      }
    }
  }
}

/** Followups left behind by `now`: due (past their grace), or taken by a sweep and not done yet. */
export async function followupsLeftBehind(db: Kysely<Database>, now: number): Promise<number> {
  const row = await db.selectFrom('content_followups').select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('due_at', '<=', now), eb('tries', '>', 0)])).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes one followup at once (the sweep's, after its work). */
export async function forgetFollowup(db: Kysely<Database>, followup: Pick<Followup, 'content_uuid' | 'kind'>): Promise<void> {
  await db.deleteFrom('content_followups').where('content_uuid', '=', followup.content_uuid).where('kind', '=', followup.kind).execute();
}
