/**
 * The user drawer on `/api/v2` (docs/moderation.md): a user as the site's moderators see them
 * (counts, account age, the switches: badge_trusted, always_premoderate, and trusted_flagger of
 * docs/law.md), their latest items across the site in every state, their bans with history, and
 * staff-only notes; the switches and a new note.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DrawerBan, QueueAuthor, StaffNote, UserDrawer } from '../../core/moderation/types.ts';
import { normalisePlain } from '../content/normalise.ts';
import { badRequest, notFound } from '../errors.ts';
import { answers, type Common, params, strictObject } from '../routes/schemas.ts';
import { banHistory } from './bans.ts';
import { findUserByUuid, type UserRow } from '../engine/users.ts';
import { moderatorOf } from './access.ts';
import { authorsOf, queueItems } from './queueItems.ts';
import { queueAuthor, staffNote, userDrawer } from './schemas.ts';

export const DRAWER_ITEMS = 20;
export const MAX_NOTE_LENGTH = 2000;

type UserParams = { Params: { user_uuid: string } };

export default async function drawerRoutes(app: FastifyInstance): Promise<void> {
  /** The user, when the caller moderates their site (404 for a user of another site). */
  async function userFor(request: FastifyRequest<UserParams>, section: string): Promise<{ user: UserRow; moderator: UserRow }> {
    const { site, user: moderator } = await moderatorOf(app.db, request, section);
    const user = await findUserByUuid(app.db, request.params.user_uuid);
    if (!user || user.site_uuid !== site.uuid) throw notFound('No such user on this site');
    return { user, moderator: moderator.row };
  }

  /** The user as the drawer shows them: the queue's author with the drawer's own switch (trusted_flagger). */
  async function drawerAuthor(user: string): Promise<QueueAuthor> {
    const [authors, row] = await Promise.all([
      authorsOf(app.db, [user]), app.db.selectFrom('users').select('trusted_flagger').where('uuid', '=', user).executeTakeFirstOrThrow(),
    ]);
    return { ...authors.get(user)!, trusted_flagger: Number(row.trusted_flagger ?? 0) === 1 };
  }

  async function notesOf(site: string, user: string): Promise<StaffNote[]> {
    const rows = await app.db
      .selectFrom('staff_notes').leftJoin('users', 'users.uuid', 'staff_notes.author_uuid')
      .select(['staff_notes.uuid', 'staff_notes.text', 'staff_notes.author_uuid', 'users.name as author_name', 'staff_notes.date_created'])
      .where('staff_notes.site_uuid', '=', site).where('staff_notes.user_uuid', '=', user)
      .orderBy('staff_notes.date_created', 'desc').execute();
    return rows.map((row) => ({
      uuid: row.uuid, text: row.text, author: row.author_name == null ? null : { uuid: row.author_uuid, name: row.author_name }, date_created: Number(row.date_created),
    }));
  }

  app.get<UserParams & { Querystring: Common & { section: string } }>(
    '/moderation/users/:user_uuid',
    { schema: { params: params(['user_uuid']), querystring: strictObject({}, ['section']), response: answers(userDrawer) } },
    async (request) => {
      const { user } = await userFor(request, request.query.section);
      const now = Date.now();
      const recent = await app.db.selectFrom('contents').select('uuid').where('actor_uuid', '=', user.uuid).orderBy('date_created', 'desc').orderBy('uuid', 'desc').limit(DRAWER_ITEMS).execute();
      const [author, items, bans, notes] = await Promise.all([
        drawerAuthor(user.uuid), queueItems(app.db, recent.map((row) => row.uuid)), banHistory(app.db, user.uuid), notesOf(user.site_uuid, user.uuid),
      ]);
      const history = bans.map((ban): DrawerBan => {
        const expired = ban.date_expired == null ? null : Number(ban.date_expired);
        const revoked = ban.date_revoked == null ? null : Number(ban.date_revoked);
        return {
          ban_uuid: ban.uuid, ban_level: ban.ban_level, user_message: ban.user_message, is_permanent: Number(ban.is_permanent) === 1,
          is_active: revoked === null && (expired === null || expired > now),
          created_by: ban.created_by_name == null ? null : { uuid: ban.created_by, name: ban.created_by_name },
          date_created: Number(ban.date_created), date_expired: expired, date_revoked: revoked,
        };
      });
      const result: UserDrawer = { user: author, items, bans: history, notes };
      return { result };
    },
  );

  type Switches = { badge_trusted?: boolean; always_premoderate?: boolean; trusted_flagger?: boolean };
  type SwitchesRequest = UserParams & { Body: Common & Switches & { section: string; verb?: 'PATCH' } };
  const switches = { badge_trusted: { type: 'boolean' }, always_premoderate: { type: 'boolean' }, trusted_flagger: { type: 'boolean' } };
  const switchesSchema = { params: params(['user_uuid']), body: strictObject(switches, ['section']), querystring: strictObject({}), response: answers(queueAuthor) };
  const setSwitches = async (request: FastifyRequest<SwitchesRequest>) => {
    const { user } = await userFor(request, request.body.section);
    const names = ['badge_trusted', 'always_premoderate', 'trusted_flagger'] as const;
    const given = names.filter((name) => request.body[name] !== undefined);
    if (given.length === 0) throw badRequest('Give badge_trusted, always_premoderate or trusted_flagger', 'badge_trusted');
    const change = Object.fromEntries(given.map((name) => [name, request.body[name] ? 1 : 0]));
    await app.db.updateTable('users').set(change).where('uuid', '=', user.uuid).execute();
    return { result: await drawerAuthor(user.uuid) };
  };
  app.patch<SwitchesRequest>('/moderation/users/:user_uuid', { schema: switchesSchema }, setSwitches);
  // Spec §7: the client sends PATCH as a POST with `verb: 'PATCH'`.
  app.post<SwitchesRequest>(
    '/moderation/users/:user_uuid',
    { schema: { ...switchesSchema, body: strictObject({ ...switches, verb: { type: 'string', const: 'PATCH' } }, ['section', 'verb']) } },
    setSwitches,
  );

  app.post<UserParams & { Body: Common & { section: string; text: string } }>(
    '/moderation/users/:user_uuid/notes',
    {
      schema: {
        params: params(['user_uuid']),
        body: strictObject({ text: { type: 'string', minLength: 1, maxLength: MAX_NOTE_LENGTH } }, ['section', 'text']),
        querystring: strictObject({}),
        response: answers(staffNote),
      },
    },
    async (request) => {
      const { user, moderator } = await userFor(request, request.body.section);
      const text = normalisePlain(request.body.text, 'Note', MAX_NOTE_LENGTH);
      if (!text.ok) throw badRequest(text.message, 'text');
      const note = { uuid: randomUUID(), site_uuid: user.site_uuid, user_uuid: user.uuid, author_uuid: moderator.uuid, text: text.text, date_created: Date.now() };
      await app.db.insertInto('staff_notes').values(note).execute();
      const result: StaffNote = { uuid: note.uuid, text: note.text, author: { uuid: moderator.uuid, name: moderator.name }, date_created: note.date_created };
      return { result };
    },
  );
}
