/**
 * The realtime event log (migration 003). appendEvent runs inside the transaction of the change
 * it describes, so an event exists exactly when its change committed; the container's counter
 * gives it the next number; the same transaction queues the event's webhook deliveries. The
 * catch-up call reads from here; old rows are pruned by age.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContentEvent, EventsPage } from '../../core/api/types.ts';
import type { Database } from '../storage/schema.ts';
import { enqueueContentEvent } from './outbox.ts';

/** An event before it is numbered. */
export type EventDraft = Omit<ContentEvent, 'seq'>;

export const MAX_CATCH_UP = 200;

/** The events row that stores an event. */
const eventRow = (event: ContentEvent) => ({
  container_uuid: event.content_container_uuid, seq: event.seq, site_uuid: event.section_uuid, payload: JSON.stringify(event), date_created: event.time,
});

/**
 * `column + (case key when … then n end)`: each row's own increment in one statement (a batch's
 * counters). The increments are integer literals: PostgreSQL would read bound ones as text.
 */
export function plusEach(column: string, key: string, deltas: Map<string, number>) {
  const whens = [...deltas].map(([value, delta]) => sql`when ${value} then ${sql.lit(delta)}`);
  return sql<number>`${sql.ref(column)} + (case ${sql.ref(key)} ${sql.join(whens, sql` `)} else 0 end)`;
}

/** Numbers and stores the event in `trx`; returns it with its seq (publish it after commit). */
export async function appendEvent(trx: Transaction<Database>, draft: EventDraft): Promise<ContentEvent> {
  // UPDATE … RETURNING: the increment and the read are one statement on both engines, and on
  // PostgreSQL the row lock orders concurrent writers to the same container.
  const { event_seq } = await trx
    .updateTable('containers')
    .set((eb) => ({ event_seq: eb('event_seq', '+', 1) }))
    .where('uuid', '=', draft.content_container_uuid)
    .returning('event_seq')
    .executeTakeFirstOrThrow();
  const event: ContentEvent = { ...draft, seq: Number(event_seq) };
  await trx.insertInto('events').values(eventRow(event)).execute();
  // The webhooks' outbox (docs/webhooks.md): queued with the change, so none is lost or invented.
  await enqueueContentEvent(trx, event);
  return event;
}

/** Rows per insert into events (5 values each: well inside both engines' bound on parameters). */
const EVENT_ROWS_PER_INSERT = 200;

/**
 * appendEvent for many events in one transaction (a moderator's decision on 500 items): one
 * counter update for all their containers (each moved by its number of events), the rows
 * inserted a few hundred at a time, in the drafts' order.
 */
export async function appendEvents(trx: Transaction<Database>, drafts: EventDraft[]): Promise<ContentEvent[]> {
  if (drafts.length <= 1) return Promise.all(drafts.map((draft) => appendEvent(trx, draft)));
  const counts = new Map<string, number>();
  for (const draft of drafts) counts.set(draft.content_container_uuid, (counts.get(draft.content_container_uuid) ?? 0) + 1);
  const rows = await trx
    .updateTable('containers')
    .set({ event_seq: plusEach('event_seq', 'uuid', counts) })
    .where('uuid', 'in', [...counts.keys()])
    .returning(['uuid', 'event_seq'])
    .execute();
  // Each container's first new number: its counter now, less the events it just took.
  const next = new Map(rows.map((row) => [row.uuid, Number(row.event_seq) - counts.get(row.uuid)! + 1]));
  const events = drafts.map((draft): ContentEvent => {
    const seq = next.get(draft.content_container_uuid);
    if (seq === undefined) throw new Error(`No container ${draft.content_container_uuid} for its event`);
    next.set(draft.content_container_uuid, seq + 1);
    return { ...draft, seq };
  });
  for (let i = 0; i < events.length; i += EVENT_ROWS_PER_INSERT) {
    await trx
      .insertInto('events')
      .values(events.slice(i, i + EVENT_ROWS_PER_INSERT).map(eventRow))
      .execute();
  }
  for (const event of events) await enqueueContentEvent(trx, event);
  return events;
}

/** The container's latest event number (0 before any event), or null if no such container. */
export async function latestSeq(db: Kysely<Database>, containerUuid: string): Promise<number | null> {
  const row = await db.selectFrom('containers').select('event_seq').where('uuid', '=', containerUuid).executeTakeFirst();
  return row ? Number(row.event_seq ?? 0) : null;
}

/** The latest numbers of several containers at once (subscribe replies). */
export async function latestSeqs(db: Kysely<Database>, siteUuid: string, containerUuids: string[]): Promise<Record<string, number>> {
  if (containerUuids.length === 0) return {};
  const rows = await db
    .selectFrom('containers')
    .select(['uuid', 'event_seq'])
    .where('site_uuid', '=', siteUuid)
    .where('uuid', 'in', containerUuids)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.uuid, Number(row.event_seq ?? 0)]));
}

/** Up to `limit` events after `after`, in order; `expired` when some of them were pruned. */
export async function eventsAfter(db: Kysely<Database>, containerUuid: string, after: number, limit: number): Promise<Omit<EventsPage, 'latest_seq'>> {
  const rows = await db
    .selectFrom('events')
    .select(['seq', 'payload'])
    .where('container_uuid', '=', containerUuid)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  // The log is gap-free, so a first row past after + 1 means the ones between were pruned.
  const expired = page.length > 0 && Number(page[0]!.seq) !== after + 1;
  return { events: page.map((row) => JSON.parse(row.payload) as ContentEvent), more, expired };
}

/** Deletes events older than `maxAgeMs`; returns how many. */
export async function pruneEvents(db: Kysely<Database>, maxAgeMs: number, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('events').where('date_created', '<', now - maxAgeMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
