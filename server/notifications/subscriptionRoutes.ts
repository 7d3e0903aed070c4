/**
 * Subscriptions (`/api/v5/subscriptions`, docs/notifications.md): topic follower counts and the
 * user's topics, followers and followees, user follow and unfollow, page follow and unfollow.
 */
import type { FastifyInstance } from 'fastify';
import type { FollowItem } from '../../core/api/notificationTypes.ts';
import { notFound } from '../errors.ts';
import { enforce, viewerOn } from '../permissions/index.ts';
import { checkedTarget, followAndNotify, LIST_LIMIT, unfollow, followPage, followsPage, pagesOf, unfollowPage, MAX_FOLLOWED_TOPICS, topicFollowerCount, topicsOf } from '../follows/index.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';
import type { Database } from '../storage/schema.ts';
import { getSite } from '../engine/sites.ts';
import type { Kysely } from 'kysely';
import { topicParams, userOfSection } from './routes.ts';
import { followListAnswer, pageFollowAnswer, pagesAnswer, topicCountAnswer, topicsAnswer, userFollowAnswer } from './schemas.ts';

const sectionParams = params(['section']);
const noBody = { preValidation: absentBodyIsEmpty };

/** Followers (`side` followee) or followees (`side` follower) of the user, newest first, with names. */
async function followList(db: Kysely<Database>, user: string, side: 'followers' | 'followees'): Promise<{ total_count: number; items: FollowItem[] }> {
  const mine = side === 'followers' ? 'follows.followee_uuid' : 'follows.follower_uuid';
  const other = side === 'followers' ? 'follows.follower_uuid' : 'follows.followee_uuid';
  const [rows, total] = await Promise.all([
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.uuid', other)
      .select(['users.uuid', 'users.name', 'users.pic_small', 'follows.date_created'])
      .where(mine, '=', user)
      .orderBy('follows.date_created', 'desc')
      .orderBy('users.uuid')
      .limit(LIST_LIMIT)
      .execute(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where(mine, '=', user).executeTakeFirstOrThrow(),
  ]);
  return {
    total_count: Number(total.n),
    items: rows.map((row) => ({ user_uuid: row.uuid, name: row.name, pic_small: row.pic_small ?? null, date_created: Number(row.date_created), type: 'user' })),
  };
}

export default async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { section: string; topic_id: string } }>(
    '/subscriptions/:section/topics/:topic_id/count',
    { schema: { params: topicParams, querystring: strictObject({}), response: topicCountAnswer } },
    async (request) => ({ result: { count: await topicFollowerCount(app.db, request.params.section, request.params.topic_id) } }),
  );

  app.get<{ Params: { section: string } }>(
    '/subscriptions/:section/topics',
    { schema: { params: sectionParams, querystring: strictObject({}), response: topicsAnswer } },
    async (request) => ({ result: { items: await topicsOf(app.db, userOfSection(request).uuid, MAX_FOLLOWED_TOPICS) } }),
  );

  for (const [path, side] of [['subscribers', 'followers'], ['subscriptions', 'followees']] as const) {
    app.get<{ Params: { section: string } }>(
      `/subscriptions/:section/users/${path}`,
      { schema: { params: sectionParams, querystring: strictObject({}), response: followListAnswer } },
      async (request) => ({ result: await followList(app.db, userOfSection(request).uuid, side) }),
    );
  }

  const userParams = params(['section', 'user_uuid']);
  app.post<{ Params: { section: string; user_uuid: string }; Body: Common }>(
    '/subscriptions/:section/users/:user_uuid',
    { ...noBody, schema: { params: userParams, body: strictObject({}), querystring: strictObject({}), response: userFollowAnswer } },
    async (request) => {
      userOfSection(request);
      const { me, target } = await checkedTarget(app, request, request.params.user_uuid, 'follow');
      return { result: { user_uuid: target.uuid, date_created: await followAndNotify(app, me, target.uuid, null) } };
    },
  );

  app.delete<{ Params: { section: string; user_uuid: string }; Body: Common }>(
    '/subscriptions/:section/users/:user_uuid',
    { ...noBody, schema: { params: userParams, body: strictObject({}), querystring: strictObject({}), response: userFollowAnswer } },
    async (request) => {
      const me = userOfSection(request);
      await unfollow(app.db, me.uuid, request.params.user_uuid);
      return { result: { user_uuid: request.params.user_uuid, date_created: null } };
    },
  );

  app.get<{ Params: { section: string } }>(
    '/subscriptions/:section/pages',
    { schema: { params: sectionParams, querystring: strictObject({}), response: pagesAnswer } },
    async (request) => ({ result: { items: await pagesOf(app.db, userOfSection(request).uuid, LIST_LIMIT) } }),
  );

  const pageParams = params(['section', 'page_uuid']);
  app.get<{ Params: { section: string; page_uuid: string } }>(
    '/subscriptions/:section/pages/:page_uuid',
    { schema: { params: pageParams, querystring: strictObject({}), response: pageFollowAnswer } },
    async (request) => {
      const me = userOfSection(request);
      return { result: { page_uuid: request.params.page_uuid, subscribed: await followsPage(app.db, me.uuid, request.params.page_uuid) } };
    },
  );

  app.post<{ Params: { section: string; page_uuid: string }; Body: Common }>(
    '/subscriptions/:section/pages/:page_uuid',
    { ...noBody, schema: { params: pageParams, body: strictObject({}), querystring: strictObject({}), response: pageFollowAnswer } },
    async (request) => {
      const site = await getSite(app.db, request.params.section);
      if (!site) throw notFound('No such site');
      enforce('page', 'follow', { user: viewerOn(request, site.uuid), settings: site.settings });
      const me = userOfSection(request);
      const page = await app.db.selectFrom('pages').select('uuid').where('uuid', '=', request.params.page_uuid).where('site_uuid', '=', site.uuid).executeTakeFirst();
      if (!page) throw notFound(`No page has the uuid ${request.params.page_uuid}`);
      await followPage(app.db, me.uuid, site.uuid, page.uuid);
      return { result: { page_uuid: page.uuid, subscribed: true } };
    },
  );

  app.delete<{ Params: { section: string; page_uuid: string }; Body: Common }>(
    '/subscriptions/:section/pages/:page_uuid',
    { ...noBody, schema: { params: pageParams, body: strictObject({}), querystring: strictObject({}), response: pageFollowAnswer } },
    async (request) => {
      const me = userOfSection(request);
      await unfollowPage(app.db, me.uuid, request.params.page_uuid);
      return { result: { page_uuid: request.params.page_uuid, subscribed: false } };
    },
  );
}
