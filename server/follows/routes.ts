/**
 * Follows and mutes (`/api/v2`, docs/accounts.md): `PUT/DELETE follows/{uuid}`,
 * `GET followers/{id}`, `GET mutes/{uuid}`, `PUT/DELETE mutes/{uuid}`. The rules (signed in,
 * not yourself, muting switched on, moderators exempt) are core/permissions' user.follow,
 * user.mute and user.unmute.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BanLevel, UserPrivilege } from '../../core/api/types.ts';
import type { Action } from '../../core/permissions/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { notifyFollow } from '../notifications/index.ts';
import { enforce, viewerOn } from '../permissions/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { effectiveBan } from '../engine/bans.ts';
import { follow, followersOf, unfollow } from './follows.ts';
import { mute, mutesOf, unmute } from './mutes.ts';
import { getSite } from '../engine/sites.ts';
import { findUserById, findUserByUuid } from '../engine/users.ts';
import { absentBodyIsEmpty, type Common, params, strictObject, userId } from '../routes/schemas.ts';
import { followAnswer, followersAnswer, muteAnswer, mutesAnswer } from '../accounts/index.ts';

/** Spec content.md §9: mutes limit and followers page size are both 100. */
export const LIST_LIMIT = 100;

const listQuery = strictObject({ limit: { type: 'integer', minimum: 1, maximum: LIST_LIMIT, default: LIST_LIMIT } });
const uuidParams = params(['uuid']);

/** The other user `uuid`, after the signed-in viewer passes `action`'s rule against them. */
export async function checkedTarget(app: FastifyInstance, request: FastifyRequest, uuid: string, action: Action<'user'>) {
  const { row: me } = requireUser(request);
  const target = await findUserByUuid(app.db, uuid);
  if (!target || target.site_uuid !== me.site_uuid) throw notFound(`No user has the uuid ${uuid}`);
  const site = await getSite(app.db, me.site_uuid);
  const ban = await effectiveBan(app.db, target.uuid);
  enforce('user', action, {
    user: viewerOn(request, me.site_uuid),
    settings: site!.settings,
    target: { uuid: target.uuid, user_privilege: target.user_privilege as UserPrivilege, ban_level: (ban?.ban_level ?? 'none') as BanLevel },
  });
  return { me, target };
}

/** Follows `target` for `me` and tells `target` (once per follower); returns when the follow began. */
export async function followAndNotify(app: FastifyInstance, me: { uuid: string; site_uuid: string }, target: string, pageId: string | null): Promise<number> {
  const date = await follow(app.db, me.uuid, target, me.site_uuid, pageId);
  await notifyFollow(app, me.site_uuid, me.uuid, target);
  return date;
}

export default async function followRoutes(app: FastifyInstance): Promise<void> {
  app.put<{ Params: { uuid: string }; Body: Common & { page_id?: string } }>(
    '/follows/:uuid',
    {
      preValidation: absentBodyIsEmpty,
      schema: { params: uuidParams, body: strictObject({ page_id: { type: 'string', minLength: 1, maxLength: 500 } }), querystring: strictObject({}), response: followAnswer },
    },
    async (request) => {
      const { me, target } = await checkedTarget(app, request, request.params.uuid, 'follow');
      const date = await followAndNotify(app, me, target.uuid, request.body.page_id ?? null);
      return { result: { uuid: target.uuid, date_following: date } };
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/follows/:uuid',
    { preValidation: absentBodyIsEmpty, schema: { params: uuidParams, body: strictObject({}), querystring: strictObject({}), response: followAnswer } },
    async (request) => {
      const { row: me } = requireUser(request);
      await unfollow(app.db, me.uuid, request.params.uuid);
      return { result: { uuid: request.params.uuid, date_following: null } };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { limit: number } }>(
    '/followers/:id',
    { schema: { params: { type: 'object', additionalProperties: false, properties: { id: userId }, required: ['id'] }, querystring: listQuery, response: followersAnswer } },
    async (request) => {
      const user = await findUserById(app.db, request.params.id);
      if (!user) throw notFound(`No user has the id ${request.params.id}`);
      return { result: await followersOf(app.db, user.uuid, request.query.limit) };
    },
  );

  app.get<{ Params: { uuid: string }; Querystring: { limit: number } }>(
    '/mutes/:uuid',
    { schema: { params: uuidParams, querystring: listQuery, response: mutesAnswer } },
    async (request) => {
      const { row: me } = requireUser(request);
      // A mute list is private: only its owner reads it.
      if (request.params.uuid !== me.uuid) throw new HttpError(403, 'Only the user themself can see their mutes');
      return { result: await mutesOf(app.db, me.uuid, request.query.limit) };
    },
  );

  app.put<{ Params: { uuid: string } }>(
    '/mutes/:uuid',
    { preValidation: absentBodyIsEmpty, schema: { params: uuidParams, body: strictObject({}), querystring: strictObject({}), response: muteAnswer } },
    async (request) => {
      const { me, target } = await checkedTarget(app, request, request.params.uuid, 'mute');
      const date = await mute(app.db, me.uuid, target.uuid, me.site_uuid);
      return { result: { uuid: target.uuid, type: 'user', is_muted: true, date_muted: date } };
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/mutes/:uuid',
    { preValidation: absentBodyIsEmpty, schema: { params: uuidParams, body: strictObject({}), querystring: strictObject({}), response: muteAnswer } },
    async (request) => {
      const { me, target } = await checkedTarget(app, request, request.params.uuid, 'unmute');
      await unmute(app.db, me.uuid, target.uuid);
      return { result: { uuid: target.uuid, type: 'user', is_muted: false, date_muted: null } };
    },
  );
}

