/**
 * Analytics ingest (migration 020, docs/analytics.md): a batch of checked events is folded into
 * the per-day aggregates in one transaction, with one multi-row statement per table. An event id
 * seen in the last EID_KEEP_DAYS days is dropped (a retried batch counts once); older events are
 * dropped too, since their ids may have been forgotten. No raw event, IP address or user agent
 * is kept; the visitor id only as a site-salted hash per day, for distinct-visitor counts.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AnalyticsEvent } from '../../core/analytics/eventTypes.ts';
import type { AnalyticsPageDaysTable, AnalyticsSiteDaysTable, Database } from './schema.ts';

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

/** What a batch adds, keyed so each table gets one row per key. */
class Fold {
  readonly siteDays = new Map<number, Counts>();
  readonly pageDays = new Map<string, { day: number; page_id: string } & PageCounts>();
  readonly breakdowns = new Map<string, { day: number; dimension: string; value: string; n: number }>();
  readonly pages = new Map<string, { url: string; title: string; last_seen: number }>();
  readonly visitors = new Map<string, { day: number; visitor: string }>();

  constructor(private readonly siteUuid: string) {}

  add(event: AnalyticsEvent, day: number): void {
    const site = this.siteDay(day);
    const page = this.pageDay(day, event.meta.page_id);
    site.events++;
    this.count(day, 'event', event.event_type);
    if (event.event_type === 'page_view') {
      site.page_views++;
      page.page_views++;
      this.count(day, 'referrer', event.rs?.medium ?? 'direct');
      const visitor = visitorKey(this.siteUuid, event.view.uniqueId);
      this.visitors.set(`${day}\u0000${visitor}`, { day, visitor });
    } else if (event.event_type === 'engage' && event.engage) {
      const time = Math.round(event.engage.time);
      site.engaged_ms += time;
      page.engaged_ms += time;
    } else if (event.event_type === 'recirculation_click') {
      site.recirculation_clicks++;
      page.recirculation_clicks++;
      this.count(day, 'recirculation', dataText(event, 'medium') ?? 'unknown');
    } else if (event.event_type === 'ad_failure') {
      this.count(day, 'ad_failure', dataText(event, 'reason') ?? 'unknown');
    }
    const known = this.pages.get(event.meta.page_id);
    if (!known || known.last_seen <= event.ts) {
      this.pages.set(event.meta.page_id, { url: event.meta.url, title: event.meta.title ?? known?.title ?? '', last_seen: event.ts });
    }
  }

  private siteDay(day: number): Counts {
    let row = this.siteDays.get(day);
    if (!row) this.siteDays.set(day, (row = { page_views: 0, visitors: 0, engaged_ms: 0, recirculation_clicks: 0, events: 0 }));
    return row;
  }

  private pageDay(day: number, pageId: string): PageCounts {
    const key = `${day}\u0000${pageId}`;
    let row = this.pageDays.get(key);
    if (!row) this.pageDays.set(key, (row = { day, page_id: pageId, page_views: 0, engaged_ms: 0, recirculation_clicks: 0 }));
    return row;
  }

  private count(day: number, dimension: string, value: string): void {
    const key = `${day}\u0000${dimension}\u0000${value}`;
    const row = this.breakdowns.get(key);
    if (row) row.n++;
    else this.breakdowns.set(key, { day, dimension, value, n: 1 });
  }
}

function dataText(event: AnalyticsEvent, key: string): string | null {
  const value = event.data?.[key];
  return typeof value === 'string' && value !== '' ? value.slice(0, 64) : null;
}

/** Entries sorted by key: concurrent upserts (PostgreSQL) lock rows in the same order and cannot deadlock. */
const byKey = <K extends string | number, T>(map: Map<K, T>): [K, T][] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const sorted = <K extends string | number, T>(map: Map<K, T>): T[] => byKey(map).map(([, row]) => row);

/**
 * Stores a checked batch for a site; answers how many events were counted (new and recent).
 * `now` is the server's clock: an event's day is that of its time, but never in the future.
 */
export async function ingestEvents(db: Kysely<Database>, siteUuid: string, events: readonly AnalyticsEvent[], now = Date.now()): Promise<number> {
  const oldest = dayOf(now) - EID_KEEP_DAYS + 1;
  const byEid = new Map<string, { event: AnalyticsEvent; day: number }>();
  for (const event of events) {
    const day = dayOf(Math.min(event.ts, now));
    if (day >= oldest && !byEid.has(event.eid)) byEid.set(event.eid, { event, day });
  }
  if (byEid.size === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('analytics_eids')
      .values(sorted(byEid).map(({ event, day }) => ({ eid: event.eid, day })))
      .onConflict((oc) => oc.column('eid').doNothing())
      .returning('eid')
      .execute();
    if (fresh.length === 0) return 0;
    const isNew = new Set(fresh.map((row) => row.eid));
    const fold = new Fold(siteUuid);
    for (const { event, day } of byEid.values()) if (isNew.has(event.eid)) fold.add(event, day); // in the batch's order
    await store(trx, siteUuid, fold);
    return fresh.length;
  });
}

async function store(trx: Transaction<Database>, siteUuid: string, fold: Fold): Promise<void> {
  if (fold.visitors.size > 0) {
    const added = await trx
      .insertInto('analytics_visitors')
      .values(sorted(fold.visitors).map((row) => ({ site_uuid: siteUuid, ...row })))
      .onConflict((oc) => oc.columns(['site_uuid', 'day', 'visitor']).doNothing())
      .returning('day')
      .execute();
    for (const { day } of added) fold.siteDays.get(Number(day))!.visitors++;
  }
  await trx
    .insertInto('analytics_site_days')
    .values(byKey(fold.siteDays).map(([day, row]) => ({ site_uuid: siteUuid, day, ...row })))
    .onConflict((oc) =>
      oc.columns(['site_uuid', 'day']).doUpdateSet((eb) => ({
        page_views: eb('analytics_site_days.page_views', '+', eb.ref('excluded.page_views')),
        visitors: eb('analytics_site_days.visitors', '+', eb.ref('excluded.visitors')),
        engaged_ms: eb('analytics_site_days.engaged_ms', '+', eb.ref('excluded.engaged_ms')),
        recirculation_clicks: eb('analytics_site_days.recirculation_clicks', '+', eb.ref('excluded.recirculation_clicks')),
        events: eb('analytics_site_days.events', '+', eb.ref('excluded.events')),
      })),
    )
    .execute();
  await trx
    .insertInto('analytics_page_days')
    .values(sorted(fold.pageDays).map((row) => ({ site_uuid: siteUuid, ...row })))
    .onConflict((oc) =>
      oc.columns(['site_uuid', 'day', 'page_id']).doUpdateSet((eb) => ({
        page_views: eb('analytics_page_days.page_views', '+', eb.ref('excluded.page_views')),
        engaged_ms: eb('analytics_page_days.engaged_ms', '+', eb.ref('excluded.engaged_ms')),
        recirculation_clicks: eb('analytics_page_days.recirculation_clicks', '+', eb.ref('excluded.recirculation_clicks')),
      })),
    )
    .execute();
  await trx
    .insertInto('analytics_breakdowns')
    .values(sorted(fold.breakdowns).map((row) => ({ site_uuid: siteUuid, ...row })))
    .onConflict((oc) => oc.columns(['site_uuid', 'dimension', 'day', 'value']).doUpdateSet((eb) => ({ n: eb('analytics_breakdowns.n', '+', eb.ref('excluded.n')) })))
    .execute();
  await trx
    .insertInto('analytics_pages')
    .values(byKey(fold.pages).map(([page_id, row]) => ({ site_uuid: siteUuid, page_id, ...row })))
    .onConflict((oc) =>
      oc.columns(['site_uuid', 'page_id']).doUpdateSet((eb) => ({
        url: eb.ref('excluded.url'),
        title: eb.ref('excluded.title'),
        last_seen: eb.ref('excluded.last_seen'),
      })).where((eb) => eb('analytics_pages.last_seen', '<=', eb.ref('excluded.last_seen'))),
    )
    .execute();
}

/** Forgets event ids and hashed visitors past their keep (docs/analytics.md "Retention"). */
export async function pruneAnalytics(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('analytics_eids').where('day', '<', dayOf(now) - EID_KEEP_DAYS).execute();
  await db.deleteFrom('analytics_visitors').where('day', '<', dayOf(now) - VISITOR_KEEP_DAYS).execute();
}
