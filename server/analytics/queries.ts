/**
 * Analytics ingest (migration 020, docs/analytics.md): a batch of checked events is folded into
 * the per-day aggregates in one transaction, with one multi-row statement per table. An event id
 * seen in the last EID_KEEP_DAYS days is dropped (a retried batch counts once); older events are
 * dropped too, since their ids may have been forgotten. No raw event, IP address or user agent
 * is kept; the visitor id only as a site-salted hash per day, for distinct-visitor counts.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AnalyticsEvent } from '../../core/analytics/eventTypes.ts';
import type { AnalyticsPageDaysTable, AnalyticsSiteDaysTable, Database } from '../storage/schema.ts';

export const DAY_MS = 86_400_000;
/** How long event ids are remembered, and so the oldest event counted (days). */
export const EID_KEEP_DAYS = 7;
/** How long hashed visitor ids are kept (days): the dashboard's longest period, and a little. */
export const VISITOR_KEEP_DAYS = 400;

/** UTC days since the epoch. */
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);

/** A visitor id as stored: 16 hex characters of a hash salted with the site (not reversible to the id). */
export function visitorKey(siteUuid: string, uniqueId: string): string {
  return createHash('sha256').update(`${siteUuid}\u0000${uniqueId}`).digest('hex').slice(0, 16);
}

type Counts = Omit<AnalyticsSiteDaysTable, 'site_uuid' | 'day'>;
type PageCounts = Omit<AnalyticsPageDaysTable, 'site_uuid' | 'day' | 'page_id'>;
type Keyed<T> = { site_uuid: string; day: number } & T;

/** What a group of batches adds, keyed so each table gets one row per key. */
class Fold {
  readonly siteDays = new Map<string, Keyed<Counts>>();
  readonly pageDays = new Map<string, Keyed<{ page_id: string } & PageCounts>>();
  readonly breakdowns = new Map<string, Keyed<{ dimension: string; value: string; n: number }>>();
  readonly pages = new Map<string, { site_uuid: string; page_id: string; url: string; title: string; last_seen: number }>();
  readonly visitors = new Map<string, Keyed<{ visitor: string }>>();

  add(site: string, event: AnalyticsEvent, day: number): void {
    const siteDay = this.siteDay(site, day);
    const page = this.pageDay(site, day, event.meta.page_id);
    siteDay.events++;
    this.count(site, day, 'event', event.event_type);
    if (event.event_type === 'page_view') {
      siteDay.page_views++;
      page.page_views++;
      this.count(site, day, 'referrer', event.rs?.medium ?? 'direct');
      const visitor = visitorKey(site, event.view.uniqueId);
      this.visitors.set(`${site}\u0000${day}\u0000${visitor}`, { site_uuid: site, day, visitor });
    } else if (event.event_type === 'engage' && event.engage) {
      const time = Math.round(event.engage.time);
      siteDay.engaged_ms += time;
      page.engaged_ms += time;
    } else if (event.event_type === 'recirculation_click') {
      siteDay.recirculation_clicks++;
      page.recirculation_clicks++;
      this.count(site, day, 'recirculation', dataText(event, 'medium') ?? 'unknown');
    } else if (event.event_type === 'ad_failure') {
      this.count(site, day, 'ad_failure', dataText(event, 'failureReason') ?? 'unknown');
    }
    const key = `${site}\u0000${event.meta.page_id}`;
    const known = this.pages.get(key);
    if (!known || known.last_seen <= event.ts) {
      this.pages.set(key, { site_uuid: site, page_id: event.meta.page_id, url: event.meta.url, title: event.meta.title ?? known?.title ?? '', last_seen: event.ts });
    }
  }

  private siteDay(site: string, day: number): Counts {
    const key = `${site}\u0000${day}`;
    let row = this.siteDays.get(key);
    if (!row) this.siteDays.set(key, (row = { site_uuid: site, day, page_views: 0, visitors: 0, engaged_ms: 0, recirculation_clicks: 0, events: 0 }));
    return row;
  }

  private pageDay(site: string, day: number, pageId: string): PageCounts {
    const key = `${site}\u0000${day}\u0000${pageId}`;
    let row = this.pageDays.get(key);
    if (!row) this.pageDays.set(key, (row = { site_uuid: site, day, page_id: pageId, page_views: 0, engaged_ms: 0, recirculation_clicks: 0 }));
    return row;
  }

  private count(site: string, day: number, dimension: string, value: string): void {
    const key = `${site}\u0000${dimension}\u0000${day}\u0000${value}`;
    const row = this.breakdowns.get(key);
    if (row) row.n++;
    else this.breakdowns.set(key, { site_uuid: site, day, dimension, value, n: 1 });
  }
}

function dataText(event: AnalyticsEvent, key: string): string | null {
  const value = event.data?.[key];
  return typeof value === 'string' && value !== '' ? value.slice(0, 64) : null;
}

/** Rows sorted by key: concurrent upserts (PostgreSQL) lock rows in the same order and cannot deadlock. */
const sorted = <T>(map: Map<string, T>): T[] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

/**
 * Rows in chunks of 512, 256, … 1: a multi-row statement's text depends on its row count, and
 * SQLite's prepared statements are cached by text (storage/statementCache.ts), so a group of any
 * size reuses at most ten texts per table instead of filling the cache with one-off ones.
 */
export function chunked<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < rows.length; ) {
    let size = 512;
    while (size > rows.length - at) size /= 2;
    chunks.push(rows.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** A site's checked batch. */
export interface SiteBatch {
  siteUuid: string;
  events: readonly AnalyticsEvent[];
}

/**
 * Stores checked batches (of one or several sites) in one transaction; answers how many events were
 * counted (new and recent). `now` is the server's clock: an event counts on the UTC day of its
 * time, never in the future; its id is remembered under the day of its own time (capped at
 * tomorrow), which a retried batch repeats.
 */
export async function ingestEvents(db: Kysely<Database>, batches: readonly SiteBatch[], now = Date.now()): Promise<number> {
  const today = dayOf(now);
  const oldest = today - EID_KEEP_DAYS + 1;
  const fresh = new Map<string, { site: string; event: AnalyticsEvent; day: number; keyDay: number }>();
  for (const { siteUuid, events } of batches) {
    for (const event of events) {
      const day = dayOf(Math.min(event.ts, now));
      const keyDay = Math.min(dayOf(event.ts), today + 1);
      const key = `${keyDay}\u0000${event.eid}`;
      if (day >= oldest && !fresh.has(key)) fresh.set(key, { site: siteUuid, event, day, keyDay });
    }
  }
  if (fresh.size === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const stored: { day: number; eid: string }[] = [];
    for (const rows of chunked(sorted(fresh).map(({ event, keyDay }) => ({ day: keyDay, eid: event.eid })))) {
      stored.push(...(await trx.insertInto('analytics_eids').values(rows).onConflict((oc) => oc.columns(['day', 'eid']).doNothing()).returning(['day', 'eid']).execute()));
    }
    if (stored.length === 0) return 0;
    const isNew = new Set(stored.map((row) => `${Number(row.day)}\u0000${row.eid}`));
    const fold = new Fold();
    for (const [key, { site, event, day }] of fresh) if (isNew.has(key)) fold.add(site, event, day); // in the batches' order
    await store(trx, fold);
    return stored.length;
  });
}

type CountTable = 'analytics_site_days' | 'analytics_page_days' | 'analytics_breakdowns';

/** One multi-row upsert: a new key is inserted, an existing row gets each counter added. */
async function addCounts(trx: Transaction<Database>, table: CountTable, keys: string[], counters: string[], rows: object[]): Promise<void> {
  const added = Object.fromEntries(counters.map((column) => [column, sql`${sql.ref(`${table}.${column}`)} + ${sql.ref(`excluded.${column}`)}`]));
  for (const chunk of chunked(rows)) {
    await trx
      .insertInto(table)
      .values(chunk as never)
      .onConflict((oc) => oc.columns(keys as never).doUpdateSet(added as never))
      .execute();
  }
}

async function store(trx: Transaction<Database>, fold: Fold): Promise<void> {
  const added: { site_uuid: string; day: number }[] = [];
  for (const rows of chunked(sorted(fold.visitors))) {
    added.push(...(await trx.insertInto('analytics_visitors').values(rows).onConflict((oc) => oc.columns(['site_uuid', 'day', 'visitor']).doNothing()).returning(['site_uuid', 'day']).execute()));
  }
  for (const { site_uuid, day } of added) fold.siteDays.get(`${site_uuid}\u0000${Number(day)}`)!.visitors++;
  await addCounts(trx, 'analytics_site_days', ['site_uuid', 'day'], ['page_views', 'visitors', 'engaged_ms', 'recirculation_clicks', 'events'], sorted(fold.siteDays));
  await addCounts(trx, 'analytics_page_days', ['site_uuid', 'day', 'page_id'], ['page_views', 'engaged_ms', 'recirculation_clicks'], sorted(fold.pageDays));
  await addCounts(trx, 'analytics_breakdowns', ['site_uuid', 'dimension', 'day', 'value'], ['n'], sorted(fold.breakdowns));
  for (const rows of chunked(sorted(fold.pages))) {
    await trx
      .insertInto('analytics_pages')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['site_uuid', 'page_id'])
          .doUpdateSet((eb) => ({ url: eb.ref('excluded.url'), title: eb.ref('excluded.title'), last_seen: eb.ref('excluded.last_seen') }))
          .where((eb) => eb('analytics_pages.last_seen', '<=', eb.ref('excluded.last_seen'))),
      )
      .execute();
  }
}

/** Forgets event ids and hashed visitors past their keep (docs/analytics.md "Retention"). */
export async function pruneAnalytics(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('analytics_eids').where('day', '<', dayOf(now) - EID_KEEP_DAYS).execute();
  // Per site: the visitors' key starts with the site, so each delete is a range of it, not a scan.
  const sites = await db.selectFrom('sites').select('uuid').execute();
  for (const { uuid } of sites) {
    await db.deleteFrom('analytics_visitors').where('site_uuid', '=', uuid).where('day', '<', dayOf(now) - VISITOR_KEEP_DAYS).execute();
  }
}
