/**
 * The publishers' identity platforms on `/api/v2` (docs/login.md "Identity platforms"):
 * - Gigya: the legacy `GET /?u=login&json=[{api:'user',type:'loginGigya',…}]` call on the API
 *   root (spec §7 "Legacy login calls"), and `POST /users/login/gigya` with the same fields;
 * - Janrain: `POST /users/login/janrain/oauth` with the widget's token.
 * Each ends in externalSessions' `finish` (one vf account per provider user id); a refusal
 * stores nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, HttpError } from '../errors.ts';
import { externalSessions, loginAnswers, loginResult } from './externalSession.ts';
import { type Common, strictObject } from '../routes/schemas.ts';
import { gigyaProfile, type GigyaSignedUid } from './gigya.ts';
import { janrainProfile } from './janrain.ts';
import { LOGIN_TOKEN_MISSING, SOCIAL_LOGIN_FAILED } from './vendorFetch.ts';

const signedField = { type: 'string', minLength: 1, maxLength: 255 } as const;
const gigyaFields = { uid: signedField, uid_signature: { type: 'string', minLength: 1, maxLength: 100 }, uid_timestamp: { type: 'string', minLength: 1, maxLength: 20 } };

interface GigyaBody extends Common, GigyaSignedUid {
  thirdparty_enabled?: boolean;
}
interface JanrainBody extends Common {
  token?: string;
  thirdparty_enabled?: boolean;
}
interface LegacyQuery extends Common {
  host?: string;
  u: 'login';
  s?: string;
  json: string;
}

/** The one request of a legacy Gigya login, or a 400 saying what is wrong. */
function legacyGigyaRequest(json: string): GigyaSignedUid {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    throw badRequest('json is not a JSON list', 'json');
  }
  const request = Array.isArray(list) && list.length === 1 ? (list[0] as Record<string, unknown>) : null;
  if (!request || request['api'] !== 'user' || request['type'] !== 'loginGigya' || request['step'] !== 'login') {
    throw badRequest('json must hold one request {"api":"user","type":"loginGigya","step":"login","params":{…}}', 'json');
  }
  const params = (request['params'] ?? {}) as Record<string, unknown>;
  const field = (name: keyof GigyaSignedUid, max: number) => {
    const value = params[name];
    if (typeof value === 'number' && name === 'uid_timestamp') return String(value);
    if (typeof value !== 'string' || !value || value.length > max) throw badRequest(`params.${name} is missing`, 'json');
    return value;
  };
  return { uid: field('uid', 255), uid_signature: field('uid_signature', 100), uid_timestamp: field('uid_timestamp', 20) };
}

export default async function gigyaJanrainRoutes(app: FastifyInstance): Promise<void> {
  const { configFor, finish, verified } = externalSessions(app);

  async function gigyaLogin(section: string | undefined, signed: GigyaSignedUid) {
    const { site, config } = await configFor(section, 'gigya');
    return finish(site, 'gigya', await verified(gigyaProfile(config, signed)));
  }

  const legacyAnswers = {
    200: {
      type: 'object',
      additionalProperties: false,
      properties: { sid: { type: 'string' }, result: loginResult, requests: { type: 'array', items: { type: 'object' } } },
      required: ['sid', 'result', 'requests'],
    },
    '4xx': {
      type: 'object',
      additionalProperties: false,
      properties: {
        error: { type: 'string' },
        requests: { type: 'array', items: { type: 'object', properties: { error: { type: 'string' } } } },
        error_status: { type: 'integer' },
        message: { type: 'string' },
        field: { type: 'string' },
        api_code: { type: 'integer' },
        ban: { type: 'object', additionalProperties: true },
      },
    },
  } as const;

  app.get<{ Querystring: LegacyQuery }>(
    '/',
    {
      schema: {
        querystring: strictObject(
          { host: { type: 'string', maxLength: 255 }, u: { type: 'string', enum: ['login'] }, s: { type: 'string', maxLength: 512 }, json: { type: 'string', minLength: 2, maxLength: 4096 } },
          ['section', 'u', 'json'],
        ),
        response: legacyAnswers,
      },
    },
    async (request, reply: FastifyReply) => {
      try {
        const { result } = await gigyaLogin(request.query.section, legacyGigyaRequest(request.query.json));
        return { sid: result.session, result, requests: [{}] };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // Spec §7: the answer is read for requests[0].error.
        const message = error.statusCode === 401 ? error.message || SOCIAL_LOGIN_FAILED : error.message;
        return reply.code(error.statusCode).send({ error: message, requests: [{ error: message }], error_status: error.statusCode, message, ...error.extra });
      }
    },
  );

  app.post<{ Body: GigyaBody }>(
    '/users/login/gigya',
    {
      schema: {
        body: strictObject({ ...gigyaFields, thirdparty_enabled: { type: 'boolean' } }, ['section', 'uid', 'uid_signature', 'uid_timestamp']),
        querystring: strictObject({}),
        response: loginAnswers,
      },
    },
    async (request) => {
      const { section, uid, uid_signature, uid_timestamp } = request.body;
      return gigyaLogin(section, { uid, uid_signature, uid_timestamp });
    },
  );

  app.post<{ Body: JanrainBody }>(
    '/users/login/janrain/oauth',
    {
      schema: {
        body: strictObject({ token: { type: 'string', maxLength: 2048 }, thirdparty_enabled: { type: 'boolean' } }, ['section']),
        querystring: strictObject({}),
        response: loginAnswers,
      },
    },
    async (request) => {
      const token = request.body.token?.trim();
      if (!token) throw badRequest(LOGIN_TOKEN_MISSING, 'token');
      const { site, config } = await configFor(request.body.section, 'janrain');
      return finish(site, 'janrain', await verified(janrainProfile(config, token)));
    },
  );
}
