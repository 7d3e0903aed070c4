/**
 * The demo site's analytics history (demo mode only, from index.ts), so <vf-analytics-dashboard>
 * shows something on first start: DEMO_HISTORY_DAYS days before today of plausible, varied daily
 * figures for the demo pages (weekly rhythm, a slow rise, a news spike), written straight as the
 * aggregates ingest keeps (docs/analytics.md), not as events: a few thousand rows, quick at start.
 * The figures come from a seeded generator, so they are the same on every start. Seeded once: if
 * the site has any analytics before today, nothing is written (a restart, or two processes
 * starting together, adds nothing; real figures are never overwritten). Today is left to real
 * events, so a visit made in the demo shows up on its own.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEMO_SITE } from './site.ts';
import { chunked, DAY_MS, dayOf, visitorKey } from '../analytics/queries.ts';
import type { Database } from '../storage/schema.ts';

export const DEMO_HISTORY_DAYS = 60;

/** page_id (as the client names the page: unique id, else container id, else url), path, title, popularity. */
const PAGES: readonly [string | null, string, string, number][] = [
  ['demo-article-river-trees', '/demo/article.html', 'City plants 10,000 trees along its river', 1],
  ['demo-article-night-sky', '/demo/second-article.html', 'Why the night sky is getting brighter', 0.7],
  ['demo-liveblog', '/demo/liveblog.html', 'Live: City Marathon 2026', 0.9],
  ['demo-chat', '/demo/chat.html', 'Race chat: City Marathon 2026', 0.35],
  ['demo-cookbook-bread', '/demo/reviews.html', 'The Weekday Loaf: bread for people with jobs', 0.3],
  [null, '/demo/share.html', 'Record crowds line the river for the city marathon', 0.5],
  [null, '/demo/poll.html', 'Stadium without gas: what do you think?', 0.4],
  ['demo-trending-story-1', '/demo/trending.html?story=1', 'Night trams return to the river line this winter', 0.45],
  ['demo-trending-story-3', '/demo/trending.html?story=3', 'Stadium vote: the club goes without gas', 0.25],
];
/** Share of page views per referrer medium. */
const REFERRERS: readonly [string, number][] = [['direct', 0.38], ['search', 0.27], ['social', 0.16], ['referral', 0.09], ['newsletter', 0.05], ['standalone_top_pages', 0.05]];
/** Recirculation clicks per tracking medium (core/settings/clamp.ts TRACKING_MEDIUMS), relative. */
const RECIRCULATION: readonly [string, number][] = [['standalone_top_pages', 0.4], ['conversations_top_pages', 0.25], ['tray_top_pages', 0.2], ['standalone_top_pages_condensed', 0.15]];
/** Returning readers: each day's visitors are drawn from this many ids. */
const VISITOR_POOL = 3000;

/** mulberry32: a small seeded generator (the same figures on every start). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows in ingest's chunks (analytics/queries.ts `chunked`), each chunk one multi-row insert. */
async function insertChunks<T extends keyof Database>(db: Kysely<Database>, table: T, rows: object[]): Promise<void> {
  for (const chunk of chunked(rows)) await db.insertInto(table).values(chunk as never).onConflict((oc) => oc.doNothing()).execute();
}

export async function seedDemoAnalytics(app: FastifyInstance, origin: string): Promise<void> {
  const site = DEMO_SITE.uuid;
  const today = dayOf(Date.now());
  const history = await app.db.selectFrom('analytics_site_days').select('day').where('site_uuid', '=', site).where('day', '<', today).limit(1).executeTakeFirst();
  if (history) return;
  // Each rows' generator is seeded by its day (relative to today), so a restart tomorrow makes a similar history.
  const siteDays: object[] = [];
  const pageDays: object[] = [];
  const breakdowns: object[] = [];
  const visitors: object[] = [];
  for (let back = DEMO_HISTORY_DAYS; back >= 1; back--) {
    const day = today - back;
    const random = generator(back * 7919);
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const rhythm = weekday === 0 || weekday === 6 ? 0.7 : 1;
    const trend = 0.75 + (0.5 * (DEMO_HISTORY_DAYS - back)) / DEMO_HISTORY_DAYS;
    const spike = back === 12 || back === 11 ? 2.2 : 1; // the marathon weekend
    let views = 0;
    let engagedMs = 0;
    let clicks = 0;
    for (const [id, path, , popularity] of PAGES) {
      const pageViews = Math.round(260 * popularity * rhythm * trend * spike * (0.75 + 0.5 * random()));
      const pageEngaged = Math.round(pageViews * (28_000 + 40_000 * random()));
      const pageClicks = Math.round(pageViews * (0.03 + 0.05 * random()));
      pageDays.push({ site_uuid: site, day, page_id: id ?? `${origin}${path}`, page_views: pageViews, engaged_ms: pageEngaged, recirculation_clicks: pageClicks });
      views += pageViews;
      engagedMs += pageEngaged;
      clicks += pageClicks;
    }
    const dayVisitors = new Set<number>();
    const wanted = Math.round(views * (0.55 + 0.1 * random()));
    while (dayVisitors.size < Math.min(wanted, VISITOR_POOL)) dayVisitors.add(Math.floor(random() * VISITOR_POOL));
    for (const n of dayVisitors) visitors.push({ site_uuid: site, day, visitor: visitorKey(site, `demo-visitor-${n}`) });
    siteDays.push({ site_uuid: site, day, page_views: views, visitors: dayVisitors.size, engaged_ms: engagedMs, recirculation_clicks: clicks, events: views * 12 });
    for (const [dimension, shares, total] of [['referrer', REFERRERS, views], ['recirculation', RECIRCULATION, clicks]] as const) {
      for (const [value, share] of shares) breakdowns.push({ site_uuid: site, day, dimension, value, n: Math.round(total * share * (0.8 + 0.4 * random())) });
    }
  }
  const pages = PAGES.map(([id, path, title]) => ({ site_uuid: site, page_id: id ?? `${origin}${path}`, url: `${origin}${path}`, title, last_seen: (today - 1) * DAY_MS }));
  await app.db.transaction().execute(async (trx) => {
    await insertChunks(trx, 'analytics_site_days', siteDays);
    await insertChunks(trx, 'analytics_page_days', pageDays);
    await insertChunks(trx, 'analytics_breakdowns', breakdowns);
    await insertChunks(trx, 'analytics_visitors', visitors);
    await insertChunks(trx, 'analytics_pages', pages);
  });
}

