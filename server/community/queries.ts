/**
 * Community reads (docs/api.md "community"): a site's (or one container's) latest, popular and
 * trending comments with the page each is on (once its metadata is confirmed), and its top users.
 * These lists are the site's public showcase: everyone, moderators too, gets what a reader sees
 * (content/visibility.ts `visibleTo` as for a reader: no held, removed or ghost- or hide-banned
 * content but a ghost's own, no muted authors), visible comments only (no deleted placeholders),
 * from containers that are not hidden, comments and replies only (live-blog posts and chat
 * messages have their own elements). Moderating happens in the conversation itself. The site-wide
 * lists range over `contents_site_recent` (site, date): a time window, then a sort of the rows in it.
 */
import { type Kysely, sql } from 'kysely';
import type { CommunityComment, CommunityShow, TopUser } from '../../core/api/types.ts';
import { authorBanLevel, type Viewer, visibleTo } from '../content/visibility.ts';
import { type Page, presenterFor, type Row, selectWithActor } from '../engine/contentQueries.ts';
import { CONFIRMED_META, pageOfContainer } from '../pages/index.ts';
import type { ContentType, Database } from '../storage/schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Comments and replies: live-blog posts and chat messages have their own elements. */
const COMMENT_TYPES: ContentType[] = ['comment', 'reply'];

export interface CommunityQuery {
  show: CommunityShow;
  limit: number;
  /** Popular: the window in days. */
  days: number;
  /** Trending: the window in hours. */
  hours: number;
  /** Only this container's comments. */
  containerUuid?: string;
  /** Only this author's comments. */
  actorUuid?: string;
  now?: number;
}

type PageRow = Row & { page_title: string | null; page_url: string | null };

/**
 * The comments a reader like `viewer` sees, in the list's order: latest (newest first), popular (liked at
 * least once in the last `days`, most likes first), trending (liked or replied to in the last
 * `hours`, most likes + replies first); ties go to the newer comment.
 */
export async function communityComments(db: Kysely<Database>, siteUuid: string, q: CommunityQuery, viewer: Viewer): Promise<Page & { rows: PageRow[] }> {
  const now = q.now ?? Date.now();
  let query = selectWithActor(db)
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    // The page, once its metadata is confirmed (never a caller's hint).
    .leftJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)).on('pages.meta_source', 'in', CONFIRMED_META))
    .select(['pages.title as page_title', 'pages.url as page_url'])
    .where('contents.site_uuid', '=', siteUuid)
    .where('contents.type', 'in', COMMENT_TYPES)
    .where('contents.state', '=', 'visible')
    .where('containers.is_hidden', '=', 0)
    .where(visibleTo({ ...viewer, privileged: false }, now));
  if (q.containerUuid) query = query.where('contents.container_uuid', '=', q.containerUuid);
  if (q.actorUuid) query = query.where('contents.actor_uuid', '=', q.actorUuid);
  if (q.show === 'popular') {
    query = query.where('contents.date_created', '>', now - q.days * DAY).where('contents.total_likes', '>', 0).orderBy('contents.total_likes', 'desc');
  } else if (q.show === 'trending') {
    const score = sql<number>`contents.total_likes + contents.total_replies`;
    query = query.where('contents.date_created', '>', now - q.hours * HOUR).where(score, '>', 0).orderBy(score, 'desc');
  }
  const rows = await query.orderBy('contents.date_created', 'desc').orderBy('contents.uuid', 'desc').limit(q.limit + 1).execute();
  return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
}

/** Shapes a community page for `viewer`: each comment with the page it is on. */
export async function presentCommunity(db: Kysely<Database>, viewer: Viewer, page: { rows: PageRow[]; more: boolean }) {
  const shown = await presenterFor(db, viewer, page.rows);
  const contents: CommunityComment[] = page.rows.flatMap((row) => {
    const comment = shown(row);
    if (!comment) return [];
    const { page_title, page_url } = row;
    return [{ ...comment, page: page_url === null ? null : { title: page_title ?? '', url: page_url } }];
  });
  return { contents, more_available: page.more };
}

/**
 * The site's most active users of the last `days`: visible comments they wrote plus the likes
 * those comments received, highest first (ties: the more recent commenter). Guests' anonymous
 * account, ghost- and hide-banned users and the users `viewer` muted are never listed.
 */
export async function topUsers(db: Kysely<Database>, siteUuid: string, days: number, limit: number, viewer: Viewer, now = Date.now()): Promise<TopUser[]> {
  let query = db
    .selectFrom('contents')
    .innerJoin('users', 'users.uuid', 'contents.actor_uuid')
    .select(['users.uuid', 'users.name', 'users.pic_small'])
    .select((eb) => [eb.fn.countAll<number>().as('comments'), eb.fn.sum<number>('contents.total_likes').as('likes_received')])
    .where('contents.site_uuid', '=', siteUuid)
    .where('contents.type', 'in', COMMENT_TYPES)
    .where('contents.state', '=', 'visible')
    .where('contents.anonymous_name', 'is', null)
    .where('contents.date_created', '>', now - days * DAY)
    .where('users.user_privilege', '<>', 'guest')
    .where(sql<boolean>`coalesce(${authorBanLevel(now)}, 'none') not in ('ghost', 'hide')`);
  if (viewer.muted.length > 0) query = query.where('contents.actor_uuid', 'not in', [...viewer.muted]);
  const rows = await query
    .groupBy(['users.uuid', 'users.name', 'users.pic_small'])
    .orderBy(sql`count(*) + sum(contents.total_likes)`, 'desc')
    .orderBy(sql`max(contents.date_created)`, 'desc')
    .orderBy('users.uuid')
    .limit(limit)
    .execute();
  const users = rows.map((row) => ({ ...row, pic_small: row.pic_small ?? null, comments: Number(row.comments), likes_received: Number(row.likes_received ?? 0) }));
  if (!viewer.uuid) return users;
  const others = users.filter((user) => user.uuid !== viewer.uuid).map((user) => user.uuid);
  const follows = others.length === 0 ? [] : await db
    .selectFrom('follows')
    .select(['followee_uuid', 'date_created'])
    .where('follower_uuid', '=', viewer.uuid)
    .where('followee_uuid', 'in', others)
    .execute();
  const since = new Map(follows.map((row) => [row.followee_uuid, Number(row.date_created)]));
  return users.map((user) => (user.uuid === viewer.uuid ? user : { ...user, date_following: since.get(user.uuid) ?? null }));
}
