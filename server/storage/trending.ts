/**
 * Trending containers (content.md §7 "trending"): the site's containers opened within the last
 * `days` that had a visible comment within the last `hours`, most visible content first, with
 * the page each belongs to when the page is known (`pages.unique_id` = `container_id`).
 */
import type { Kysely } from 'kysely';
import type { TrendingContainer } from '../../core/api/types.ts';
import { toApiContainer } from './containers.ts';
import type { Database } from './schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface TrendingWindow {
  limit: number;
  days: number;
  hours: number;
  /** The end of both windows (ms). */
  at: number;
  /** Containers to leave out (the ones the reader already commented in). */
  exclude?: string[];
}

export async function trendingContainers(db: Kysely<Database>, siteUuid: string, w: TrendingWindow): Promise<TrendingContainer[]> {
  let query = db
    .selectFrom('containers')
    .leftJoin('pages', (join) => join.onRef('pages.site_uuid', '=', 'containers.site_uuid').onRef('pages.unique_id', '=', 'containers.container_id'))
    .selectAll('containers')
    .select(['pages.title', 'pages.url', 'pages.image_url', 'pages.image_alt'])
    .where('containers.site_uuid', '=', siteUuid)
    .where('containers.kind', '=', 'conversation') // trending conversations: live blogs and chats have their own elements
    .where('containers.is_hidden', '=', 0)
    .where('containers.date_created', '>', w.at - w.days * DAY)
    .where('containers.date_created', '<=', w.at)
    .where('containers.uuid', 'in', (eb) =>
      eb
        .selectFrom('contents')
        .select('contents.container_uuid')
        .where('contents.site_uuid', '=', siteUuid)
        .where('contents.date_created', '>', w.at - w.hours * HOUR)
        .where('contents.date_created', '<=', w.at)
        .where('contents.state', '=', 'visible'),
    );
  if (w.exclude?.length) query = query.where('containers.uuid', 'not in', w.exclude);
  const rows = await query
    .orderBy('containers.total_visible_content', 'desc')
    .orderBy('containers.date_created', 'desc')
    .orderBy('containers.uuid')
    .limit(w.limit)
    .execute();
  return rows.map(({ title, url, image_url, image_alt, ...container }) => ({
    ...toApiContainer(container),
    page: title !== null && url !== null ? { title, url, image_url, image_alt } : null,
  }));
}

/** Containers of the site the user has commented in (for recommendations that skip them). */
export async function containersCommentedBy(db: Kysely<Database>, userUuid: string): Promise<string[]> {
  const rows = await db.selectFrom('contents').select('container_uuid').distinct().where('actor_uuid', '=', userUuid).execute();
  return rows.map((row) => row.container_uuid);
}
