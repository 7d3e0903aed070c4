/**
 * Bans (`/api/v2/users/{uuid}/ban`, docs/api.md "Bans"): moderators and admins of the user's
 * site ban (POST) and lift bans (DELETE). Nobody bans themselves; a moderator cannot ban an
 * admin. A new ban supersedes the previous one (the latest live ban is the effective one).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import type { BanRow } from '../engine/bans.ts';
import { BAN_LEVELS, createBan, type GivenBanLevel, revokeBans } from './bans.ts';
import { findUserByUuid, type UserRow } from '../engine/users.ts';
import { absentBodyIsEmpty, type Common, params, strictObject } from '../routes/schemas.ts';
import { isBlankText } from '../../core/text/blankText.ts';
import type { WebhookBanData } from '../../core/api/webhookTypes.ts';
import { enqueueBan } from '../engine/outbox.ts';
import { banAnswer, unbanAnswer } from '../accounts/index.ts';
import { DEFAULT_TERMS_RULE, legalSettings, reverseStatements, statementFacts, tellStatements, termsRuleOr400, writeStatements } from '../legal/index.ts';
import { GROUND_ID_PATTERN } from '../../core/legal/types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface BanBody extends Common {
  ban_level: GivenBanLevel;
  reason: string;
  duration_days?: number;
  permanent?: true;
  /** The rule of the site's terms the statement of reasons cites (docs/law.md; default other_terms). */
  terms_rule?: string;
}

/** The API shape of a ban (spec content.md §3 "Ban"). */
function toApiBan(ban: BanRow) {
  return {
    ban_uuid: ban.uuid,
    user_uuid: ban.user_uuid,
    ban_level: ban.ban_level,
    user_message: ban.user_message,
    is_permanent: Number(ban.is_permanent) === 1,
    date_created: Number(ban.date_created),
    date_expired: ban.date_expired === null ? null : Number(ban.date_expired),
  };
}

/** What user.banned tells webhooks of the ban. */
function banData(ban: BanRow): WebhookBanData['ban'] {
  const { user_uuid: _user, user_message: reason, ...rest } = toApiBan(ban);
  return { ...rest, reason };
}

export default async function banRoutes(app: FastifyInstance): Promise<void> {
  /** The target, after checking the requester may ban or unban them. */
  async function target(moderator: UserRow, uuid: string): Promise<UserRow> {
    const privilege = moderator.user_privilege;
    if (privilege !== 'mod' && privilege !== 'admin') throw new HttpError(403, 'Only moderators and admins can do this');
    const user = await findUserByUuid(app.db, uuid);
    if (!user || user.site_uuid !== moderator.site_uuid) throw notFound(`No user has the uuid ${uuid}`);
    if (user.uuid === moderator.uuid) throw new HttpError(403, 'You cannot do this to yourself');
    if (user.user_privilege === 'admin' && privilege !== 'admin') throw new HttpError(403, 'A moderator cannot ban an admin');
    return user;
  }

  app.post<{ Params: { uuid: string }; Body: BanBody }>(
    '/users/:uuid/ban',
    {
      schema: {
        params: params(['uuid']),
        body: strictObject(
          {
            ban_level: { type: 'string', enum: [...BAN_LEVELS] },
            reason: { type: 'string', minLength: 1, maxLength: 500 },
            duration_days: { type: 'number', exclusiveMinimum: 0, maximum: 36500 },
            permanent: { type: 'boolean', const: true },
            terms_rule: { type: 'string', pattern: GROUND_ID_PATTERN },
          },
          ['ban_level', 'reason'],
        ),
        querystring: strictObject({}),
        response: banAnswer,
      },
    },
    async (request) => {
      const { row: moderator } = requireUser(request);
      const user = await target(moderator, request.params.uuid);
      const { ban_level, reason, duration_days, permanent, terms_rule } = request.body;
      // The reason is what the banned reader is shown: one that shows nothing is no reason.
      if (isBlankText(reason)) throw badRequest('Give a reason for the ban', 'reason');
      if ((duration_days === undefined) === (permanent === undefined)) {
        throw badRequest('Give either duration_days or permanent: true', duration_days === undefined ? 'duration_days' : 'permanent');
      }
      if (terms_rule !== undefined) termsRuleOr400(await legalSettings(app.db, user.site_uuid), terms_rule);
      const now = Date.now();
      // The ban, its user.banned deliveries (docs/webhooks.md) and its statement of reasons (docs/law.md) are one transaction.
      const { ban, statements } = await app.db.transaction().execute(async (trx) => {
        const made = await createBan(
          trx,
          {
            site_uuid: user.site_uuid,
            user_uuid: user.uuid,
            ban_level,
            reason: reason.trim(),
            created_by: moderator.uuid,
            date_expired: duration_days === undefined ? null : now + Math.round(duration_days * DAY_MS),
          },
          now,
        );
        await enqueueBan(trx, user.site_uuid, { user: { uuid: user.uuid, name: user.name }, ban: banData(made), by_uuid: moderator.uuid });
        const written = await writeStatements(trx, [{
          site_uuid: user.site_uuid, user_uuid: user.uuid, content_uuid: null, restriction: 'ban', ground_type: 'terms',
          ground: terms_rule ?? DEFAULT_TERMS_RULE.ban, explanation: made.user_message,
          facts: statementFacts.ban(ban_level, made.date_expired === null ? null : Number(made.date_expired)), moderator_uuid: moderator.uuid,
        }], now);
        return { ban: made, statements: written };
      });
      await tellStatements(app, statements);
      app.webhooks.nudge();
      app.hub.siteChanged(user.site_uuid); // a ghost or hide ban hides their comments (engine/guest-cache.ts)
      return { result: toApiBan(ban) };
    },
  );

  app.delete<{ Params: { uuid: string } }>(
    '/users/:uuid/ban',
    {
      preValidation: absentBodyIsEmpty,
      schema: { params: params(['uuid']), body: strictObject({}), querystring: strictObject({}), response: unbanAnswer },
    },
    async (request) => {
      const { row: moderator } = requireUser(request);
      const user = await target(moderator, request.params.uuid);
      const revoked = await revokeBans(app.db, user.uuid);
      if (revoked > 0) await reverseStatements(app.db, { bansLiftedOf: user.uuid }); // the statements of the bans lifted
      if (revoked > 0) app.hub.siteChanged(user.site_uuid); // their comments show again
      return { result: { user_uuid: user.uuid, revoked } };
    },
  );
}
