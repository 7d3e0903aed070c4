/**
 * The queue's decisions on many items at once (docs/moderation.md `POST /moderation/decisions`),
 * and undoing one. One transaction: every item is read once, checked against the state the
 * moderator saw (an item decided since is a conflict naming who decided it), and the changes are
 * written with one update per kind of change; each changed item's page gets its usual event
 * (engine/moderationStates.ts, as the page's own calls send it).
 */
import type { Kysely, Transaction } from 'kysely';
import { type Decision, UNDO_WINDOW_MS } from '../../core/moderation/types.ts';
import type { ContentEvent } from '../../core/api/types.ts';
import { DECISION_ACTIONS, decisionRecord, moderationChange, moderationEvent, stateEvent } from '../engine/moderationStates.ts';
import { HttpError, notFound } from '../errors.ts';
import { type Row, selectWithActor } from '../engine/contentQueries.ts';
import { contentEvent } from '../engine/contentWrites.ts';
import { moveCountsMany } from '../engine/contents.ts';
import { appendEvents } from '../engine/events.ts';
import type { Database, ModerationDecisionsTable } from '../storage/schema.ts';

export interface Decided {
  decided: { uuid: string; state: string; decision_uuid: string; before: Row }[];
  conflicts: { uuid: string; decided_by: string | null }[];
  /** The pages' events, committed: publish them. */
  events: ContentEvent[];
}

/** The names of the moderators who last decided on these rows (null: no moderator did). */
async function deciders(db: Kysely<Database>, rows: Pick<Row, 'uuid' | 'moderated_by'>[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(rows.flatMap((row) => (row.moderated_by ? [row.moderated_by] : [])))];
  const users = ids.length ? await db.selectFrom('users').select(['uuid', 'name']).where('uuid', 'in', ids).execute() : [];
  const names = new Map(users.map((u) => [u.uuid, u.name]));
  return new Map(rows.map((row) => [row.uuid, (row.moderated_by && names.get(row.moderated_by)) ?? null]));
}

/** Moves the visible totals and logs the page's event for each changed row (a few statements for any number of rows). */
async function afterChanges(trx: Transaction<Database>, pairs: { before: Row; after: Row; draft: ReturnType<typeof moderationEvent> }[]): Promise<ContentEvent[]> {
  const moves = pairs.flatMap(({ before, after }) =>
    (before.state === 'visible') === (after.state === 'visible') ? [] : [{ row: after, delta: after.state === 'visible' ? (1 as const) : (-1 as const) }]);
  if (moves.length) await moveCountsMany(trx, moves);
  return appendEvents(trx, pairs.flatMap(({ draft }) => (draft ? [draft] : [])));
}

/**
 * What else a decision writes in its transaction (the statements of reasons, docs/law.md): told
 * the items decided and the conflicts; throwing rolls the whole decision back.
 */
export type AlsoDecided = (trx: Transaction<Database>, outcome: Pick<Decided, 'decided' | 'conflicts'>) => Promise<void>;

export async function decideMany(db: Kysely<Database>, site: string, moderator: string, decision: Decision, items: { uuid: string; state: string }[], also?: AlsoDecided): Promise<Decided> {
  const action = DECISION_ACTIONS[decision];
  const seen = new Map(items.map((item) => [item.uuid, item.state]));
  return db.transaction().execute(async (trx) => {
    const rows = await selectWithActor(trx).where('contents.uuid', 'in', [...seen.keys()]).where('contents.site_uuid', '=', site).execute();
    const missing = [...seen.keys()].find((uuid) => !rows.some((row) => row.uuid === uuid));
    if (missing) throw notFound(`No item ${missing} on this site`);
    const now = Date.now();
    const stale = rows.filter((row) => row.state !== seen.get(row.uuid) || row.state === 'deleted');
    const fresh = rows.filter((row) => !stale.includes(row));
    // One update per (state before, change): a few statements for any number of items.
    const groups = new Map<string, { before: Row[]; patch: object; clearFlags: boolean }>();
    const unchanged: Row[] = [];
    for (const row of fresh) {
      const change = moderationChange(action, row, moderator, now, decision === 'pick');
      if (!change) {
        unchanged.push(row);
        continue;
      }
      const key = `${row.state}\u0000${JSON.stringify(change.patch)}\u0000${change.clearFlags}`;
      const group = groups.get(key) ?? { before: [], patch: change.patch, clearFlags: change.clearFlags };
      group.before.push(row);
      groups.set(key, group);
    }
    const changed: Row[] = [];
    for (const group of groups.values()) {
      const updated = await trx
        .updateTable('contents')
        .set(group.patch)
        .where('uuid', 'in', group.before.map((row) => row.uuid))
        .where('state', '=', group.before[0]!.state)
        .returning('uuid')
        .execute();
      const done = new Set(updated.map((row) => row.uuid));
      // Changed by someone else between the read and the update: a conflict like any other.
      for (const row of group.before) (done.has(row.uuid) ? changed : stale).push(row);
      const flagged = group.before.filter((row) => done.has(row.uuid)).map((row) => row.uuid);
      if (group.clearFlags && flagged.length) await trx.deleteFrom('flags').where('content_uuid', 'in', flagged).execute();
    }
    const afterRows = changed.length ? await selectWithActor(trx).where('contents.uuid', 'in', changed.map((row) => row.uuid)).execute() : [];
    const afterOf = new Map(afterRows.map((row) => [row.uuid, row]));
    const records = [...changed, ...unchanged].map((row) => decisionRecord(decision, row, afterOf.get(row.uuid)?.state ?? row.state, moderator, now));
    if (records.length) await trx.insertInto('moderation_decisions').values(records).execute();
    const events = await afterChanges(trx, changed.map((before) => {
      const after = afterOf.get(before.uuid)!;
      return { before, after, draft: moderationEvent(action, before, after, moderator) };
    }));
    const staleRows = stale.length ? await trx.selectFrom('contents').select(['uuid', 'moderated_by']).where('uuid', 'in', stale.map((row) => row.uuid)).execute() : [];
    const names = await deciders(trx, staleRows);
    const byUuid = new Map([...changed, ...unchanged].map((row) => [row.uuid, row]));
    const outcome = {
      decided: records.map((r) => ({ uuid: r.content_uuid, state: r.state_after, decision_uuid: r.uuid, before: byUuid.get(r.content_uuid)! })),
      conflicts: stale.map((row) => ({ uuid: row.uuid, decided_by: names.get(row.uuid) ?? null })),
    };
    await also?.(trx, outcome);
    return { ...outcome, events };
  });
}

export interface Undone {
  row: Row;
  record: ModerationDecisionsTable;
  event: ContentEvent | null;
}

/**
 * Puts the item back as it was before `decisionUuid`: by the moderator who decided, within
 * UNDO_WINDOW_MS, and only while the item is still as that decision left it. Flags an approval
 * cleared stay cleared.
 */
export async function undoDecision(db: Kysely<Database>, site: string, moderator: string, decisionUuid: string, also?: (trx: Transaction<Database>, undone: ModerationDecisionsTable) => Promise<void>): Promise<Undone> {
  return db.transaction().execute(async (trx) => {
    const decision = await trx.selectFrom('moderation_decisions').selectAll().where('uuid', '=', decisionUuid).where('site_uuid', '=', site).executeTakeFirst();
    if (!decision || !(DECISION_ACTIONS as Record<string, unknown>)[decision.action]) throw notFound('No such decision on this site');
    if (decision.actor_uuid !== moderator) throw new HttpError(403, 'Only the moderator who decided can undo it');
    const now = Date.now();
    if (now - Number(decision.date_created) > UNDO_WINDOW_MS) throw new HttpError(409, 'The time to undo this decision has passed');
    const before = (await selectWithActor(trx).where('contents.uuid', '=', decision.content_uuid).executeTakeFirst())!;
    const later = await trx.selectFrom('moderation_decisions').select('uuid').where('content_uuid', '=', before.uuid).where('date_created', '>=', Number(decision.date_created)).where('uuid', '!=', decision.uuid).executeTakeFirst();
    if (before.state !== decision.state_after || later) {
      const name = (await deciders(trx, [before])).get(before.uuid);
      throw new HttpError(409, name ? `Decided again since by ${name}` : 'The item changed since', { decided_by: name ?? null });
    }
    // The item is again as the moderators before this decision left it.
    const previous = await trx
      .selectFrom('moderation_decisions').select(['actor_uuid', 'date_created'])
      .where('content_uuid', '=', before.uuid).where('date_created', '<', Number(decision.date_created)).where('action', 'in', Object.keys(DECISION_ACTIONS))
      .orderBy('date_created', 'desc').executeTakeFirst();
    const patch = {
      state: decision.state_before,
      moderated_at: previous ? Number(previous.date_created) : null,
      moderated_by: previous?.actor_uuid ?? null,
      ...(decision.action === 'pick' ? { is_picked: 0 } : {}),
    };
    await trx.updateTable('contents').set(patch).where('uuid', '=', before.uuid).execute();
    const after = { ...before, ...patch };
    const record = decisionRecord('undo', before, after.state, moderator, now);
    await trx.insertInto('moderation_decisions').values(record).execute();
    await also?.(trx, decision);
    const draft = after.state !== before.state ? contentEvent(stateEvent(after.state), after, moderator)
      : decision.action === 'pick' ? contentEvent('unpicked', after, moderator) : null;
    const [event] = await afterChanges(trx, [{ before, after, draft }]);
    return { row: after, record, event: event ?? null };
  });
}
