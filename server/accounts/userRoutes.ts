/**
 * Users (`/api/v2/users/{id}`, docs/accounts.md): read a profile, update it (JSON, the
 * client's PATCH-as-POST, or multipart form data with an avatar file), and the moderator calls
 * that approve or reject a pending name or picture. The avatar rules live in profileUpdate.ts.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPrivileged } from '../../core/permissions/index.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { enforce, viewerOn } from '../permissions/index.ts';
import { requireUser } from '../plugins/auth.ts';
import { AVATAR_MAX_BYTES, deleteAvatars } from './avatars.ts';
import { effectiveBan } from '../engine/bans.ts';
import { followedSince } from '../follows/index.ts';
import { mutedSince } from '../follows/index.ts';
import { getSite } from '../engine/sites.ts';
import { findUserById, toApiUser, updateUser, type UserChange, type UserRow } from '../engine/users.ts';
import { avatarChange, nameChange, type ProfileEdit } from './profileUpdate.ts';
import { type Common, strictObject, userId, userName } from '../routes/schemas.ts';
import { userAnswer } from './schemas.ts';
import { GROUND_ID_PATTERN, MAX_EXPLANATION } from '../../core/legal/types.ts';
import { DEFAULT_TERMS_RULE, legalSettings, statementFacts, tellStatements, termsRuleOr400, writeStatements } from '../legal/index.ts';

interface UpdateBody extends Common {
  name?: string;
  /** Only '' (remove the picture); a new picture comes as a multipart file. */
  avatar?: string;
  verb?: 'PATCH';
}

const idParams = { type: 'object', additionalProperties: false, properties: { id: userId }, required: ['id'] } as const;
const moderationParams = {
  type: 'object',
  additionalProperties: false,
  properties: { id: userId, field: { type: 'string', enum: ['username', 'avatar'] }, decision: { type: 'string', enum: ['approve', 'reject'] } },
  required: ['id', 'field', 'decision'],
} as const;

const updateSchema = {
  params: idParams,
  body: strictObject({ name: userName, avatar: { type: 'string', maxLength: 0 }, verb: { type: 'string', const: 'PATCH' } }),
  querystring: strictObject({}),
  response: userAnswer,
};

/** The avatar file of a multipart update, read before validation (the fields become the body). */
const uploads = new WeakMap<FastifyRequest, Buffer>();

async function readMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        body[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'avatar') throw badRequest(`Unexpected file field '${part.fieldname}'`, part.fieldname);
      const bytes = await part.toBuffer();
      // A file input left empty sends a nameless, empty part: that is no change.
      if (bytes.length > 0 || part.filename) uploads.set(request, bytes);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('The avatar is larger than 2 MB', 'avatar');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest('Too many form fields');
    }
    throw error;
  }
  request.body = body;
}

export default async function userRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 9 } });

  async function userOr404(id: string): Promise<UserRow> {
    const row = await findUserById(app.db, id);
    if (!row) throw notFound(`No user has the id ${id}`);
    return row;
  }

  /** The user themself, or a moderator/admin of their site: sees email and pending fields. */
  function seesPrivate(request: FastifyRequest, row: UserRow): boolean {
    const viewer = viewerOn(request, row.site_uuid);
    return viewer?.uuid === row.uuid || isPrivileged(viewer);
  }

  async function apiUser(request: FastifyRequest, row: UserRow) {
    const user = await toApiUser(app.db, row, await effectiveBan(app.db, row.uuid), seesPrivate(request, row));
    const viewer = viewerOn(request, row.site_uuid);
    if (viewer && viewer.uuid !== row.uuid) {
      user.date_following = await followedSince(app.db, viewer.uuid, row.uuid);
      user.date_muted = await mutedSince(app.db, viewer.uuid, row.uuid);
    }
    return user;
  }

  app.get<{ Params: { id: string } }>('/users/:id', { schema: { params: idParams, querystring: strictObject({}), response: userAnswer } }, async (request) => {
    return { result: await apiUser(request, await userOr404(request.params.id)) };
  });

  async function update(request: FastifyRequest<{ Params: { id: string }; Body: UpdateBody }>) {
    const editor = requireUser(request);
    const row = await userOr404(request.params.id);
    const site = await getSite(app.db, row.site_uuid);
    if (!site) throw notFound(`No site has the uuid ${row.site_uuid}`);
    const file = uploads.get(request);
    const { name, avatar } = request.body ?? {};
    if (name === undefined && avatar === undefined && !file) throw badRequest('Give a name or an avatar to change');
    if (avatar !== undefined && file) throw badRequest('Send either an avatar file or an empty avatar, not both', 'avatar');
    const edit: ProfileEdit = { user: viewerOn(request, row.site_uuid), settings: site.settings, target: row };
    if (!edit.user) throw new HttpError(403, 'Only the user themself or an admin of their site can do this');
    const change: UserChange = {};
    if (name !== undefined) Object.assign(change, nameChange(edit, name));
    let unused: (string | null | undefined)[] = [];
    if (avatar !== undefined || file) {
      const result = await avatarChange(edit, file ?? null, dataDir);
      Object.assign(change, result.change);
      unused = result.unused;
    }
    const updated = await updateUser(app.db, row.uuid, change);
    if (!updated) throw notFound(`No user has the id ${request.params.id}`);
    app.hub.siteChanged(row.site_uuid); // a new name or picture shows on their comments (engine/guest-cache.ts)
    await deleteAvatars(dataDir, unused);
    request.log.info({ user: row.uuid, editor: editor.row.uuid, fields: Object.keys(change) }, 'profile updated');
    return { result: await apiUser(request, updated) };
  }

  app.patch<{ Params: { id: string }; Body: UpdateBody }>('/users/:id', { preValidation: readMultipart, schema: updateSchema }, update);
  // Spec §7: the client sends PATCH as a POST with `verb: 'PATCH'`; form data comes the same way.
  app.post<{ Params: { id: string }; Body: UpdateBody }>('/users/:id', { preValidation: readMultipart, schema: updateSchema }, update);

  // A rejection may name the rule of the site's terms and say why (the statement of reasons, docs/law.md).
  const groundsBody = strictObject({ terms_rule: { type: 'string', pattern: GROUND_ID_PATTERN }, explanation: { type: 'string', minLength: 1, maxLength: MAX_EXPLANATION } });
  app.post<{ Params: { id: string; field: 'username' | 'avatar'; decision: 'approve' | 'reject' }; Body: Common & { terms_rule?: string; explanation?: string } }>(
    '/users/:id/moderation/:field/:decision',
    { schema: { params: moderationParams, body: groundsBody, querystring: strictObject({}), response: userAnswer }, preValidation: async (r) => void (r.body ??= {}) },
    async (request) => {
      requireUser(request);
      const row = await userOr404(request.params.id);
      const viewer = viewerOn(request, row.site_uuid);
      // Deciding on someone's name or picture is a judgement of trust: the rule table's
      // user.trust (a moderator or admin of the site, never about themself).
      enforce('user', 'trust', { user: viewer, settings: (await getSite(app.db, row.site_uuid))!.settings, target: { uuid: row.uuid } });
      const { field, decision } = request.params;
      const approve = decision === 'approve';
      const { terms_rule, explanation } = request.body;
      if (approve && (terms_rule !== undefined || explanation !== undefined)) throw badRequest('terms_rule and explanation go with reject', terms_rule !== undefined ? 'terms_rule' : 'explanation');
      if (terms_rule !== undefined) termsRuleOr400(await legalSettings(app.db, row.site_uuid), terms_rule);
      let change: UserChange;
      let unused: (string | null | undefined)[] = [];
      if (field === 'username') {
        if (row.username_moderation_status !== 'pending' || !row.username_pending) throw new HttpError(409, 'No name awaits moderation');
        // The pending name stays after a decision: it drives has_new_username / has_rejected_username.
        change = approve ? { name: row.username_pending, username_moderation_status: 'approved' } : { username_moderation_status: 'rejected' };
      } else {
        if (row.avatar_moderation_status !== 'pending' || !row.pic_large_pending) throw new HttpError(409, 'No picture awaits moderation');
        const pending = { pic_small_pending: null, pic_large_pending: null };
        change = approve
          ? { ...pending, pic_small: row.pic_small_pending, pic_large: row.pic_large_pending, avatar_moderation_status: 'approved' }
          : { ...pending, avatar_moderation_status: 'rejected' };
        unused = approve ? [row.pic_small, row.pic_large] : [row.pic_small_pending, row.pic_large_pending];
      }
      const moderator = requireUser(request).row.uuid;
      // A rejection and its statement of reasons are one transaction.
      const { updated, statements } = await app.db.transaction().execute(async (trx) => ({
        updated: (await updateUser(trx, row.uuid, change))!,
        statements: approve ? [] : await writeStatements(trx, [{
          site_uuid: row.site_uuid, user_uuid: row.uuid, content_uuid: null, restriction: field === 'username' ? 'profile_name' : 'profile_picture',
          ground_type: 'terms', ground: terms_rule ?? DEFAULT_TERMS_RULE.profile, explanation: explanation ?? null,
          facts: statementFacts.profile(field === 'username' ? 'name' : 'picture', row.username_pending ?? null), moderator_uuid: moderator,
        }]),
      }));
      await tellStatements(app, statements);
      if (approve) app.hub.siteChanged(row.site_uuid); // the approved name or picture shows on their comments
      await deleteAvatars(dataDir, unused);
      return { result: await apiUser(request, updated) };
    },
  );
}
