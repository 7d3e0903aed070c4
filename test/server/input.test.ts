import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bearer, build, container, countRows, postComment, SITE, signup } from './helpers.ts';

describe('bad input is a 400 and writes nothing', () => {
  test('malformed JSON, unknown field, oversized body on signup', async (t) => {
    const app = await build(t);
    const users = await countRows(app, 'users');
    const signupWith = (payload: string) =>
      app.inject({ method: 'POST', url: '/api/v2/users', headers: { 'content-type': 'application/json' }, payload });

    const malformed = await signupWith('{"name": "x", ');
    assert.equal(malformed.statusCode, 400);
    assert.deepEqual(malformed.json(), { error_status: 400, message: 'Request body is not valid JSON' });

    const unknown = await signupWith(JSON.stringify({ name: 'x', email: 'x@example.test', password: 'password-1', section: SITE, is_admin: true }));
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().field, 'is_admin');
    assert.match(unknown.json().message, /must NOT have additional properties/);

    const big = await signupWith(JSON.stringify({ name: 'x', email: 'x@example.test', password: 'password-1', section: SITE, pad: 'a'.repeat(70 * 1024) }));
    assert.equal(big.statusCode, 400);
    assert.deepEqual(big.json(), { error_status: 400, message: 'Request body is larger than 65536 bytes' });

    const badEmail = await signupWith(JSON.stringify({ name: 'x', email: 'not-an-email', password: 'password-1', section: SITE }));
    assert.equal(badEmail.statusCode, 400);
    assert.deepEqual(badEmail.json(), { error_status: 400, message: 'body/email must match format "email"', field: 'email' });

    const shortPassword = await signupWith(JSON.stringify({ name: 'x', email: 'x@example.test', password: 'short', section: SITE }));
    assert.equal(shortPassword.statusCode, 400);

    const badSession = await signupWith(JSON.stringify({ name: 'x', email: 'x@example.test', password: 'password-1', section: SITE, session: 'short' }));
    assert.equal(badSession.statusCode, 400);
    assert.equal(badSession.json().field, 'session');

    assert.equal(await countRows(app, 'users'), users);
  });

  test('non-uuid path ids are 400, unknown routes 404, with the envelope', async (t) => {
    const app = await build(t);
    const notUuid = await app.inject({ method: 'GET', url: `/api/comments/${SITE}/not-a-uuid/comments` });
    assert.equal(notUuid.statusCode, 400);
    assert.deepEqual(notUuid.json(), { error_status: 400, message: 'params/container must match format "uuid"' });
    const badSite = await app.inject({ method: 'GET', url: '/api/comments/123/contentcontainer/id?container_id=a' });
    assert.equal(badSite.statusCode, 400);
    const missing = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().error_status, 404);
  });

  test('comments: empty, too long, unknown sort, guest → nothing written', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const c = await container(app);
    const url = `/api/comments/${SITE}/${c.content_container_uuid}/comments`;
    const before = await countRows(app, 'contents');

    const empty = await app.inject({ method: 'POST', url, headers: bearer(me.access_token), payload: { content: ' \n\t\u0000 ' } });
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(empty.json(), { error_status: 400, message: 'Comment cannot be empty', field: 'content' });

    const long = await app.inject({ method: 'POST', url, headers: bearer(me.access_token), payload: { content: 'a'.repeat(10001) } });
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().message, 'Comment is too long (maximum 10000 characters)');

    const guest = await app.inject({ method: 'POST', url, payload: { content: 'hello' } });
    assert.equal(guest.statusCode, 401);
    assert.deepEqual(guest.json(), { error_status: 401, message: 'unauthorized' });

    const extra = await app.inject({ method: 'POST', url, headers: bearer(me.access_token), payload: { content: 'hello', state: 'visible' } });
    assert.equal(extra.statusCode, 400);

    const sort = await app.inject({ method: 'GET', url, query: { sorted_by: 'best' } });
    assert.equal(sort.statusCode, 400);
    const limit = await app.inject({ method: 'GET', url, query: { limit: '101' } });
    assert.equal(limit.statusCode, 400);

    assert.equal(await countRows(app, 'contents'), before);
    const stored = await app.db.selectFrom('containers').select('total_visible_content').where('uuid', '=', c.content_container_uuid).executeTakeFirstOrThrow();
    assert.equal(Number(stored.total_visible_content), 0);

    // Exactly the maximum is fine.
    const max = await postComment(app, me.access_token, c.content_container_uuid, 'b'.repeat(10000));
    assert.equal(max.content.length, 10000);
  });

  test('a container of another section, and a reply to a comment in another container, are 404', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const a = await container(app);
    const b = await container(app);
    const inA = await postComment(app, me.access_token, a.content_container_uuid, 'in a');
    const otherSection = '0b7e9a55-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
    const wrongSection = await app.inject({ method: 'GET', url: `/api/comments/${otherSection}/${a.content_container_uuid}/comments` });
    assert.equal(wrongSection.statusCode, 404);
    const before = await countRows(app, 'contents');
    const crossReply = await app.inject({
      method: 'POST',
      url: `/api/comments/${SITE}/${b.content_container_uuid}/comments/${inA.content_uuid}`,
      headers: bearer(me.access_token),
      payload: { content: 'reply' },
    });
    assert.equal(crossReply.statusCode, 404);
    assert.equal(await countRows(app, 'contents'), before);
  });
});
