/**
 * A local LoginRadius (docs/login.md "Stand-ins"): the parts of LoginRadius's identity API vf
 * and the page's LoginRadius script use, for tests and the demo, so nothing contacts LoginRadius.
 * - `POST /identity/v2/auth/login?apikey=` `{ email, password }` → `{ access_token, Profile }`
 *   (the page script's "sign in as …");
 * - `GET /identity/v2/auth/account?apikey=` with `Authorization: Bearer <token>` → the profile,
 *   or LoginRadius's error body (`ErrorCode`, `Description`) for an unknown token or key;
 * - `GET /identity/v2/auth/access_token/invalidate?apikey=` → the token stops working (sign out).
 * The app registers it under /demo/standin/loginradius in demo mode; tests start it alone.
 */
import { randomBytes } from 'node:crypto';
import { notApi } from './notApi.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface LoginRadiusAccount {
  Uid: string;
  FullName: string;
  email: string;
  password: string;
  EmailVerified: boolean;
  ImageUrl?: string;
}

export interface LoginRadiusStandinOptions {
  apiKey: string;
  accounts: LoginRadiusAccount[];
  /** Any origin may call it (a stand-in on its own port, as LoginRadius's API is to a page). */
  cors?: boolean;
}

/** LoginRadius's error codes for the two refusals the stand-in makes. */
const LR_INVALID_TOKEN = { ErrorCode: 906, Description: 'The provided access_token is invalid or has expired.', Message: 'Access token is invalid' };
const LR_INVALID_KEY = { ErrorCode: 901, Description: 'The provided LoginRadius API key is invalid, please use a valid API key of your LoginRadius account.', Message: 'API key is invalid' };
const LR_BAD_LOGIN = { ErrorCode: 1048, Description: 'The provided email and password do not match an account.', Message: 'Invalid login credentials' };

const query = { type: 'object', properties: { apikey: { type: 'string' } }, required: ['apikey'] } as const;

export default async function loginRadiusStandin(app: FastifyInstance, options: LoginRadiusStandinOptions): Promise<void> {
  const tokens = new Map<string, LoginRadiusAccount>();
  const profile = ({ password: _password, email, ...account }: LoginRadiusAccount) => ({ ...account, ID: account.Uid, Email: [{ Type: 'Primary', Value: email }] });
  const refuse = (reply: FastifyReply, status: number, body: object) => reply.code(status).send({ ...body, IsProviderError: false, ProviderErrorResponse: null });
  const bearer = (header: string | undefined) => /^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '';

  if (options.cors) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*').header('access-control-allow-headers', 'authorization, content-type');
    });
    app.options('/*', notApi, async (_request, reply) => reply.code(204).send());
  }

  app.post<{ Querystring: { apikey: string }; Body: { email: string; password: string } }>(
    '/identity/v2/auth/login',
    { ...notApi, schema: { querystring: query, body: { type: 'object', properties: { email: { type: 'string' }, password: { type: 'string' } }, required: ['email', 'password'] } } },
    async (request, reply) => {
      if (request.query.apikey !== options.apiKey) return refuse(reply, 400, LR_INVALID_KEY);
      const account = options.accounts.find((a) => a.email === request.body.email && a.password === request.body.password);
      if (!account) return refuse(reply, 403, LR_BAD_LOGIN);
      const token = randomBytes(16).toString('hex');
      tokens.set(token, account);
      return { access_token: token, expires_in: new Date(Date.now() + 3_600_000).toISOString(), Profile: profile(account) };
    },
  );

  app.get<{ Querystring: { apikey: string } }>('/identity/v2/auth/account', { ...notApi, schema: { querystring: query } }, async (request, reply) => {
    if (request.query.apikey !== options.apiKey) return refuse(reply, 400, LR_INVALID_KEY);
    const account = tokens.get(bearer(request.headers.authorization));
    return account ? profile(account) : refuse(reply, 401, LR_INVALID_TOKEN);
  });

  app.get<{ Querystring: { apikey: string } }>('/identity/v2/auth/access_token/invalidate', { ...notApi, schema: { querystring: query } }, async (request, reply) => {
    if (request.query.apikey !== options.apiKey) return refuse(reply, 400, LR_INVALID_KEY);
    return { IsPosted: tokens.delete(bearer(request.headers.authorization)) };
  });
}
