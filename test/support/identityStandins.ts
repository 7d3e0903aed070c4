/**
 * The identity platforms' stand-ins (server/standins/) on a Fastify instance of their own on
 * 127.0.0.1, so vf really calls a separate server over HTTP, as it would call the vendor
 * (docs/login.md "Stand-ins"); and the checks the identity tests share.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type LightMyRequestResponse } from 'fastify';
import gigyaStandIn from '../../server/standins/gigya.ts';
import janrainStandIn from '../../server/standins/janrain.ts';
import { bearer, countRows, resultOf, SITE, signupAs } from '../server/helpers.ts';

export const GIGYA_API_KEY = '3_test-gigya-api-key';
/** A partner secret as Gigya shows it (base64), and another site's. */
export const GIGYA_SECRET = Buffer.from('the site partner secret, 32 bytes!').toString('base64');
export const OTHER_GIGYA_SECRET = Buffer.from('another site partner secret 32 b').toString('base64');
export const JANRAIN_API_KEY = 'janrain-test-api-key-0123456789abcdef';

export interface RunningStandin {
  url: string;
  close(): Promise<void>;
}

export async function startStandin<O extends object>(plugin: FastifyPluginAsync<O>, options: O): Promise<RunningStandin> {
  const app = Fastify({ logger: false });
  // Under a path, as the demo serves them (/demo/standin/<provider>): vf must keep a base's path.
  await app.register(plugin, { ...options, cors: true, prefix: '/vendor' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/vendor`, close: () => app.close() };
}

export const startGigya = (secret = GIGYA_SECRET) => startStandin(gigyaStandIn, { apiKey: GIGYA_API_KEY, secret });
export const startJanrain = () => startStandin(janrainStandIn, { apiKey: JANRAIN_API_KEY });

/** POSTs a form to a stand-in and reads its JSON answer. */
export async function postForm<T>(url: string, form: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  return (await response.json()) as T;
}

/** Sets `method`'s configuration as an admin of the demo site would; answers the admin's token. */
export async function configureLogin(app: FastifyInstance, method: string, config: object): Promise<string> {
  const admin = await signupAs(app, 'admin');
  const response = await app.inject({ method: 'PUT', url: `/api/v2/sites/${SITE}/logins/${method}`, headers: bearer(admin.access_token), payload: config });
  if (response.statusCode !== 200) throw new Error(`configuring ${method}: ${response.statusCode} ${response.body}`);
  return admin.access_token;
}

/** What a login stores: accounts and sessions (a refusal changes neither). */
export async function stored(app: FastifyInstance): Promise<{ users: number; sessions: number }> {
  return { users: await countRows(app, 'users'), sessions: await countRows(app, 'sessions') };
}

interface Answer {
  statusCode: number;
  body?: string;
  json(): any;
}
type Send = () => Promise<LightMyRequestResponse>;

async function withoutStoring<R extends Answer>(app: FastifyInstance, send: () => Promise<R>): Promise<R> {
  const before = await stored(app);
  const response = await send();
  assert.deepEqual(await stored(app), before, 'a refusal stores nothing');
  return response;
}
const messageOf = (response: Answer): string => response.json().message ?? response.json().error;

/** Runs a refused login and checks it stored nothing (no user, no session); its status and message. */
export async function storesNothing(app: FastifyInstance, refused: () => Promise<Answer>): Promise<{ status: number; message: string }> {
  const response = await withoutStoring(app, refused);
  return { status: response.statusCode, message: messageOf(response) };
}

/** A refusal: the status and message, and nothing stored. */
export async function refusedWithoutStoring(app: FastifyInstance, send: Send, status: number, message: string): Promise<LightMyRequestResponse> {
  const response = await withoutStoring(app, send);
  assert.deepEqual([response.statusCode, messageOf(response)], [status, message], response.body);
  return response;
}

/**
 * Ada signs in twice through `login` (a fresh sign-in at the vendor each time): one new account,
 * then the same one, linked by provider + provider user id, with the email the vendor verified.
 */
export async function sameAccountTwice(app: FastifyInstance, login: Send, provider: string, providerUserId: string): Promise<void> {
  const first = resultOf<{ user: { uuid: string; name: string }; is_new: boolean }>(await login());
  assert.deepEqual([first.user.name, first.is_new], ['Ada Lovelace', true]);
  const again = resultOf<{ user: { uuid: string }; is_new: boolean }>(await login());
  assert.deepEqual([again.user.uuid, again.is_new], [first.user.uuid, false]);
  const row = await app.db.selectFrom('users').selectAll().where('uuid', '=', first.user.uuid).executeTakeFirstOrThrow();
  assert.deepEqual([row.social_login_provider, row.social_login_id, row.email], [provider, providerUserId, 'ada@identity.test']);
}
