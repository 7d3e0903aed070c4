/**
 * Trending containers (content.md §7 "trending"): the site's containers opened within the last
 * `days` that had a visible comment within the last `hours`, most visible content first, with
 * the page each belongs to when the page is known (containerPages.ts) and its
 * metadata confirmed (read from the page, or set by staff: never a caller's hint).
 * For one reader (trendingrecommended) it leaves out what they commented in or read, and puts
 * pages on topics they follow first.
 */
import type { Kysely } from 'kysely';
import type { TrendingContainer } from '../../core/api/types.ts';
import { toApiContainer } from '../engine/containers.ts';
import { visitorKey } from './pageReads.ts';
import { CONFIRMED_META } from './queries.ts';
import { pageOfContainer } from './containerPages.ts';
import type { Database } from '../storage/schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The candidates a topic preference reorders or `withPage` picks from (the most a call may ask for). */
const POOL = 100;

export interface TrendingReader {
  /** A signed-in reader of the site: their conversations are left out, their topics come first. */
  userUuid?: string;
  /** Their analytics visitor id: the containers they read are left out. */
  visitorId?: string;
  /** The topic ids the reader follows. */
  topics?: string[];
}

export interface TrendingWindow {
  limit: number;
  days: number;
  hours: number;
  /** The end of both windows (ms). */
  at: number;
  reader?: TrendingReader;
  /** Only containers whose page is known (an article with a title and an address to show). */
  withPage?: boolean;
}

export async function trendingContainers(db: Kysely<Database>, siteUuid: string, w: TrendingWindow): Promise<TrendingContainer[]> {
  const reader = w.reader ?? {};
  const prefer = new Set(reader.topics ?? []);
  // The ranking reads only the containers_trending index (migration 016); the rows and their
  // pages are read for the few it keeps.
  let ranked = db
    .selectFrom('containers')
    .select(['containers.uuid', 'containers.total_visible_content', 'containers.date_created'])
    .where('containers.site_uuid', '=', siteUuid)
    .where('containers.kind', '=', 'conversation') // trending conversations: live blogs and chats have their own elements
    .where('containers.date_created', '>', w.at - w.days * DAY)
    .where('containers.date_created', '<=', w.at)
    .where('containers.is_hidden', '=', 0)
    .where('containers.uuid', 'in', (eb) =>
      eb
        .selectFrom('contents')
        .select('contents.container_uuid')
        .where('contents.site_uuid', '=', siteUuid)
        .where('contents.date_created', '>', w.at - w.hours * HOUR)
        .where('contents.date_created', '<=', w.at)
        .where('contents.state', '=', 'visible'),
    );
  if (reader.userUuid) {
    const user = reader.userUuid;
    ranked = ranked.where('containers.uuid', 'not in', (eb) => eb.selectFrom('contents').select('contents.container_uuid').where('contents.actor_uuid', '=', user));
  }
  if (reader.visitorId) {
    const key = visitorKey(siteUuid, reader.visitorId);
    ranked = ranked.where('containers.uuid', 'not in', (eb) =>
      eb.selectFrom('page_reads').select('page_reads.container_uuid').where('page_reads.site_uuid', '=', siteUuid).where('page_reads.visitor_key', '=', key),
    );
  }
  const top = ranked
    .orderBy('containers.total_visible_content', 'desc')
    .orderBy('containers.date_created', 'desc')
    .orderBy('containers.uuid')
    .limit(prefer.size || w.withPage ? POOL : w.limit)
    .as('top');
  const rows = await db
    .selectFrom(top)
    .innerJoin('containers', 'containers.uuid', 'top.uuid')
    .leftJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)).on('pages.meta_source', 'in', CONFIRMED_META))
    .selectAll('containers')
    .select(['pages.title', 'pages.url', 'pages.image_url', 'pages.image_alt', 'pages.topics'])
    .orderBy('top.total_visible_content', 'desc')
    .orderBy('top.date_created', 'desc')
    .orderBy('top.uuid')
    .execute();
  const shown = w.withPage ? rows.filter((row) => row.title !== null && row.url !== null) : rows;
  const followed = (topics: string | null) => (topics ? (JSON.parse(topics) as string[]).some((topic) => prefer.has(topic)) : false);
  // A stable partition: followed topics first, each part in trending order.
  const ordered = prefer.size ? [...shown.filter((row) => followed(row.topics)), ...shown.filter((row) => !followed(row.topics))] : shown;
  return ordered.slice(0, w.limit).map(({ title, url, image_url, image_alt, topics: _topics, ...container }) => ({
    ...toApiContainer(container),
    date_created: Number(container.date_created),
    page: title !== null && url !== null ? { title, url, image_url, image_alt } : null,
  }));
}
