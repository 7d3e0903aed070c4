/**
 * The analytics dashboard's figures (docs/analytics.md "Dashboard"): page views, visitors, engaged
 * time, referrer and recirculation mediums and top pages come from the per-day aggregates (never
 * from raw events, which are not kept); comments, replies and commenters from the content tables
 * (conversations' rows not deleted, by the UTC day they were posted).
 */
import { type Kysely, sql } from 'kysely';
import { utcDay, type AnalyticsDashboard, type DashboardDay } from '../../core/api/analyticsTypes.ts';
import { DAY_MS } from './queries.ts';
import type { Database } from '../storage/schema.ts';

/** `YYYY-MM-DD` of a UTC day number. */
export const dayText = (day: number): string => utcDay(day * DAY_MS);
const seconds = (ms: unknown): number => Math.round(Number(ms) / 1000);
const TOP_PAGES = 10;

/** Conversation comments and replies of a site posted within the days, not deleted. */
function conversationContent(db: Kysely<Database>, siteUuid: string, fromDay: number, toDay: number) {
  return db
    .selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .where('contents.site_uuid', '=', siteUuid)
    .where('contents.date_created', '>=', fromDay * DAY_MS)
    .where('contents.date_created', '<', (toDay + 1) * DAY_MS)
    .where('contents.state', '!=', 'deleted')
    .where('contents.type', 'in', ['comment', 'reply'])
    .where('containers.kind', '=', 'conversation');
}

export async function dashboard(db: Kysely<Database>, siteUuid: string, fromDay: number, toDay: number): Promise<AnalyticsDashboard> {
  // An integer literal: a bound JS number is a REAL in SQLite, and the division would not truncate.
  const postedDay = sql<number>`contents.date_created / ${sql.lit(DAY_MS)}`;
  // The site's rows of the period, in any of the per-day tables (each keyed by site and day).
  const inPeriod = sql<boolean>`site_uuid = ${siteUuid} and day >= ${fromDay} and day <= ${toDay}`;
  const mediums = (dimension: string) =>
    db
      .selectFrom('analytics_breakdowns')
      .select(['value', (eb) => eb.fn.sum<number>('n').as('n')])
      .where(inPeriod)
      .where('dimension', '=', dimension)
      .groupBy('value')
      .orderBy('n', 'desc')
      .orderBy('value')
      .execute();

  const [siteDays, visitors, referrers, recirculation, topPages, contentDays, commenters] = await Promise.all([
    db
      .selectFrom('analytics_site_days')
      .select(['day', 'page_views', 'visitors', 'engaged_ms', 'recirculation_clicks'])
      .where(inPeriod)
      .execute(),
    // count(*) over a GROUP BY: PostgreSQL hashes it, quicker than count(distinct …)'s sort.
    db
      .selectFrom((eb) => eb.selectFrom('analytics_visitors').select('visitor').where(inPeriod).groupBy('visitor').as('v'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    mediums('referrer'),
    mediums('recirculation'),
    db
      .selectFrom('analytics_page_days')
      .select(['page_id', (eb) => eb.fn.sum<number>('page_views').as('page_views'), (eb) => eb.fn.sum<number>('engaged_ms').as('engaged_ms')])
      .where(inPeriod)
      .groupBy('page_id')
      .orderBy('page_views', 'desc')
      .orderBy('page_id')
      .limit(TOP_PAGES)
      .execute(),
    conversationContent(db, siteUuid, fromDay, toDay)
      .select([
        postedDay.as('day'),
        sql<number>`sum(case when contents.parent_uuid is null then 1 else 0 end)`.as('comments'),
        sql<number>`sum(case when contents.parent_uuid is null then 0 else 1 end)`.as('replies'),
      ])
      .groupBy(postedDay)
      .execute(),
    conversationContent(db, siteUuid, fromDay, toDay).select((eb) => eb.fn.count<number>('contents.actor_uuid').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);

  const byDay = new Map<number, DashboardDay>();
  for (let day = fromDay; day <= toDay; day++) byDay.set(day, { day: dayText(day), page_views: 0, visitors: 0, engaged_seconds: 0, comments: 0, replies: 0 });
  let recirculationClicks = 0;
  for (const row of siteDays) {
    const day = byDay.get(Number(row.day))!;
    day.page_views = Number(row.page_views);
    day.visitors = Number(row.visitors);
    day.engaged_seconds = seconds(row.engaged_ms);
    recirculationClicks += Number(row.recirculation_clicks);
  }
  for (const row of contentDays) {
    const day = byDay.get(Number(row.day));
    if (!day) continue;
    day.comments = Number(row.comments);
    day.replies = Number(row.replies);
  }
  const days = [...byDay.values()];
  const sum = (key: 'page_views' | 'comments' | 'replies') => days.reduce((total, day) => total + day[key], 0);

  return {
    from: dayText(fromDay),
    to: dayText(toDay),
    days,
    totals: {
      page_views: sum('page_views'),
      visitors: Number(visitors.n),
      engaged_seconds: seconds(siteDays.reduce((total, row) => total + Number(row.engaged_ms), 0)),
      comments: sum('comments'),
      replies: sum('replies'),
      active_commenters: Number(commenters.n),
      recirculation_clicks: recirculationClicks,
    },
    top_pages: await describePages(db, siteUuid, fromDay, toDay, topPages),
    referrer_mediums: referrers.map((row) => ({ medium: row.value, page_views: Number(row.n) })),
    recirculation: recirculation.map((row) => ({ medium: row.value, clicks: Number(row.n) })),
  };
}

/** The top pages with their latest title and url and their conversation's comments in the period. */
async function describePages(db: Kysely<Database>, siteUuid: string, fromDay: number, toDay: number, top: { page_id: string; page_views: number; engaged_ms: number }[]) {
  if (top.length === 0) return [];
  const ids = top.map((row) => row.page_id);
  const [pages, comments] = await Promise.all([
    db.selectFrom('analytics_pages').select(['page_id', 'url', 'title']).where('site_uuid', '=', siteUuid).where('page_id', 'in', ids).execute(),
    conversationContent(db, siteUuid, fromDay, toDay)
      .where('containers.container_id', 'in', ids)
      .select(['containers.container_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('containers.container_id')
      .execute(),
  ]);
  const pageOf = new Map(pages.map((page) => [page.page_id, page]));
  const commentsOf = new Map(comments.map((row) => [row.container_id, Number(row.n)]));
  return top.map((row) => ({
    page_id: row.page_id,
    title: pageOf.get(row.page_id)?.title ?? '',
    url: pageOf.get(row.page_id)?.url ?? '',
    page_views: Number(row.page_views),
    engaged_seconds: seconds(row.engaged_ms),
    comments: commentsOf.get(row.page_id) ?? 0,
  }));
}
