/**
 * An app that plants private fields (an email, an IP, a password hash, a login id) in every
 * object of every answer before its response schema serialises it, as a careless presenter
 * would, and the check that none got out (test/server/private-fields*.test.ts).
 */
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build } from '../helpers.ts';

/** What the hook plants: none of these may appear in an answer. */
export const PLANTED = { email: 'planted@example.test', ip: '203.0.113.77', password_hash: 'planted-hash', social_login_id: 'planted-login' };
/** Keys that mark an object naming a thing (an item, a person, a page, a ban, a session, a site's settings). */
const OWNED = ['uuid', 'content_uuid', 'content_container_uuid', 'notification_uuid', 'page_uuid', 'user_uuid', 'id', 'ban_uuid', 'session', 'enable_commenting'];

/** `value` with PLANTED added to every object that names a thing (and to the result itself). */
function plant(value: unknown, top = true): unknown {
  if (Array.isArray(value)) return value.map((item) => plant(item, false));
  if (!value || typeof value !== 'object') return value;
  const copy = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plant(item, false)]));
  return top || OWNED.some((key) => key in copy) ? { ...copy, ...PLANTED } : copy;
}

/** An app whose every answer has private fields planted before its response schema serialises it. */
export function leakyApp(t: TestContext): Promise<FastifyInstance> {
  return build(t, {}, (app) => app.addHook('preSerialization', async (_request, _reply, payload) => plant(payload)));
}

/**
 * The answer's result, after checking it is a 2xx with nothing planted in it; `allowed` names the
 * planted fields the answer may carry (a user's own record has their email: the presenter decides).
 */
export function clean<T>(response: LightMyRequestResponse, what: string, allowed: (keyof typeof PLANTED)[] = []): T {
  assert.ok(response.statusCode >= 200 && response.statusCode < 300, `${what}: ${response.statusCode} ${response.body}`);
  for (const [key, value] of Object.entries(PLANTED)) {
    if (!allowed.includes(key as keyof typeof PLANTED)) assert.ok(!response.body.includes(value), `${what} leaks ${value}: ${response.body}`);
  }
  return (response.json() as { result: T }).result;
}

