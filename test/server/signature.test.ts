// X-Request-Signature: the server signs each container it hands out; a request about that
// container with a wrong signature is refused, the right one (or none) passes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { build, SITE } from './helpers.ts';

async function containerAndReader(app: Awaited<ReturnType<typeof build>>) {
  const container = (await app.inject({ method: 'GET', url: `/api/comments/${SITE}/contentcontainer/id?container_id=signed-1` })).json().result;
  const email = `sig-${Date.now()}@example.com`;
  const signup = await app.inject({
    method: 'POST', url: '/api/v2/users',
    payload: { name: 'Signer', email, password: 'password-123', section: SITE, login: true },
  });
  return { container, token: signup.json().result.access_token as string };
}

test('containers carry a signature, also served on its own call', async (t) => {
  const app = await build(t);
  const { container } = await containerAndReader(app);
  assert.match(container.signature, /^[\w-]{43}$/);
  const again = await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${container.content_container_uuid}/signature` });
  assert.equal(again.json().result.signature, container.signature);
});

test('a wrong signature is refused and nothing is written; the right one and none pass', async (t) => {
  const app = await build(t);
  const { container, token } = await containerAndReader(app);
  const url = `/api/comments/${SITE}/${container.content_container_uuid}/comments`;
  const post = (signature?: string) => app.inject({
    method: 'POST', url, payload: { content: 'signed words' },
    headers: { authorization: `Bearer ${token}`, ...(signature ? { 'x-request-signature': signature } : {}) },
  });
  const wrong = await post('A'.repeat(43));
  assert.equal(wrong.statusCode, 403);
  assert.equal(wrong.json().message, 'Invalid request signature for this container');
  const count = async () => (await app.inject({ method: 'GET', url })).json().result.contents.length;
  assert.equal(await count(), 0);
  assert.equal((await post(container.signature)).statusCode, 200);
  assert.equal((await post()).statusCode, 200);
  assert.equal(await count(), 2);
});
