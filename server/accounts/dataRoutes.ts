/**
 * A reader's data rights on `/api/v2` (GDPR Art. 15, 17, 20; docs/law.md "A reader's data"):
 * - `GET /users/me/data?section=`: their data as a JSON file (userData.ts);
 * - `POST /users/me/deletion` `{ section, password? }`: asks the deletion, confirmed with the
 *   password, or for an account without one with a login in the last FRESH_LOGIN_MS; mails when
 *   and how to cancel; `DELETE` cancels it, `GET` says whether one is asked.
 * The sweep that erases accounts past their grace period starts with these routes (deletionSweep.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FRESH_LOGIN_MS } from '../../core/legal/types.ts';
import { verifyPassword } from '../auth/index.ts';
import { HttpError, notFound } from '../errors.ts';
import { getSite, type Site } from '../engine/sites.ts';
import { findUserByUuid, type UserRow } from '../engine/users.ts';
import { legalSettings } from '../legal/index.ts';
import { pageFor, requestPages } from '../mail/index.ts';
import { limitAuthAttempt } from '../plugins/rateLimit.ts';
import { requireUser, type RequestUser } from '../plugins/auth.ts';
import { absentBodyIsEmpty, answers, type Common, strictObject } from '../routes/schemas.ts';
import { count, nullable, shape } from '../engine/schemas.ts';
import { cancelDeletion, deletionMail, deletionOf, requestDeletion } from './deletionRequests.ts';
import { startDeletionSweep } from './deletionSweep.ts';
import { userData, userDataFileName } from './userData.ts';
import { USER_DATA_SCHEMA } from './userDataSchema.ts';

/** The api code of a deletion that needs a fresher login (an account without a password). */
export const FRESH_LOGIN_REQUIRED = 'fresh_login_required';

const deletionAnswer = answers(shape({ delete_after: nullable('integer') }, ['delete_after']));
const askedAnswer = answers(shape({ delete_after: count }, ['delete_after']));

/** A stored password (scrypt); external and SSO accounts have none. */
const hasPassword = (user: UserRow) => user.password_hash.startsWith('scrypt$');

export default async function dataRoutes(app: FastifyInstance, { dataDir }: { dataDir: string }): Promise<void> {
  startDeletionSweep(app, dataDir);

  /** The signed-in reader, on the site `section` names. */
  async function readerOn(request: FastifyRequest, section: string | undefined): Promise<{ user: RequestUser; site: Site }> {
    const user = requireUser(request);
    if (user.row.site_uuid !== section) throw new HttpError(403, 'This account belongs to another site', { field: 'section' });
    const site = await getSite(app.db, section);
    if (!site) throw notFound(`No site has the uuid ${section}`);
    return { user, site };
  }

  app.get<{ Querystring: Common }>(
    '/users/me/data',
    { schema: { querystring: strictObject({}, ['section']), response: { 200: USER_DATA_SCHEMA } } },
    async (request, reply) => {
      const { user, site } = await readerOn(request, request.query.section);
      const now = Date.now();
      const data = await userData(app.db, site, user.row, now);
      request.log.info({ user: user.row.uuid }, 'reader data exported');
      // Sent as text: the document is built field by field (userData.ts), nothing to drop.
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${userDataFileName(now)}"`)
        // The page reads the file's name from it (a cross-origin call sees only the headers exposed).
        .header('access-control-expose-headers', 'Content-Disposition')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get<{ Querystring: Common }>(
    '/users/me/deletion',
    { schema: { querystring: strictObject({}, ['section']), response: deletionAnswer } },
    async (request) => {
      const { user } = await readerOn(request, request.query.section);
      const row = await findUserByUuid(app.db, user.row.uuid);
      return { result: { delete_after: row ? deletionOf(row) : null } };
    },
  );

  /** The confirmation a deletion needs: the password, or a fresh login for an account without one. */
  async function confirmIdentity(request: FastifyRequest, reply: { header(name: string, value: string): unknown }, user: RequestUser, password: string | undefined): Promise<void> {
    const row = user.row;
    if (hasPassword(row)) {
      // Counted like a login's attempts: a stolen session must not try passwords here unchecked.
      const attempt = limitAuthAttempt(app.authLimiter, request, reply, 'login', row.email);
      if (password === undefined) throw new HttpError(401, 'Confirm with your password', { field: 'password' });
      if (!(await verifyPassword(password, row.password_hash))) throw new HttpError(401, 'Incorrect password', { field: 'password' });
      attempt.succeeded();
      return;
    }
    const session = await app.db.selectFrom('sessions').select('date_created').where('id', '=', user.sessionId).executeTakeFirst();
    if (!session || Date.now() - Number(session.date_created) > FRESH_LOGIN_MS) {
      throw new HttpError(403, `Log in again to confirm: the deletion of an account without a password needs a login from the last ${FRESH_LOGIN_MS / 60_000} minutes`, {
        api_code: FRESH_LOGIN_REQUIRED,
      });
    }
  }

  app.post<{ Body: Common & { password?: string } }>(
    '/users/me/deletion',
    { schema: { body: strictObject({ password: { type: 'string', minLength: 1, maxLength: 128 } }, ['section']), querystring: strictObject({}), response: askedAnswer } },
    async (request, reply) => {
      const { user, site } = await readerOn(request, request.body.section);
      await confirmIdentity(request, reply, user, request.body.password);
      const asked = await requestDeletion(app.db, user.row.uuid);
      if (!asked) throw notFound('No such account');
      if (asked.asked) {
        const mail = deletionMail(site, user.row, asked.delete_after, pageFor(site, requestPages(request)), (await legalSettings(app.db, site.uuid)).erased_content);
        if (mail) app.mail.queue(mail);
        request.log.info({ user: user.row.uuid, delete_after: asked.delete_after }, 'account deletion asked');
      }
      return { result: { delete_after: asked.delete_after } };
    },
  );

  app.delete<{ Body: Common }>(
    '/users/me/deletion',
    { preValidation: absentBodyIsEmpty, schema: { body: strictObject({}, ['section']), querystring: strictObject({}), response: deletionAnswer } },
    async (request) => {
      const { user } = await readerOn(request, request.body.section);
      if (await cancelDeletion(app.db, user.row.uuid)) request.log.info({ user: user.row.uuid }, 'account deletion cancelled');
      return { result: { delete_after: null } };
    },
  );
}
