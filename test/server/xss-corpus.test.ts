/**
 * Every payload of the XSS corpus (test/fixtures/xss: OWASP filter-evasion vectors, the Big List
 * of Naughty Strings) posted as a comment, as a user's name and as an anonymous name comes back as
 * exactly the reader's text: unchanged, or changed only by a documented rule (docs/api.md: comment
 * normalisation in server/content/normalise.ts; name rules), and stored as that text, never HTML.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult, Comment } from '../../core/api/types.ts';
import { isBlankText } from '../../core/text/blankText.ts';
import { normaliseComment } from '../../server/content/normalise.ts';
import { updateSiteSettings } from '../../server/engine/sites.ts';
import { type Payload, XSS_CORPUS } from '../fixtures/xss/corpus.ts';
import { bearer, build, container, resultOf, SITE, signup } from './helpers.ts';

const CONTROL = /\p{Cc}/u;
const codePoints = (text: string) => [...text].length;
/** What comment normalisation changes: line ends, controls, trailing spaces, 4+ newlines, outer space. */
const untouchedComment = (text: string) =>
  text === text.trim() && !/[\r\u0000-\u0008\u000B-\u001F\u007F-\u009F]/.test(text) && !/[ \t]+$/m.test(text) && !/\n{4,}/.test(text);

async function postAs(app: FastifyInstance, containerUuid: string, body: Record<string, string>, token?: string) {
  return app.inject({ method: 'POST', url: `/api/comments/${SITE}/${containerUuid}/comments`, headers: bearer(token), payload: body });
}

/** The comments by uuid, read back through the API (selection, 100 at a time). */
async function readBack(app: FastifyInstance, containerUuid: string, uuids: string[]): Promise<Map<string, Comment>> {
  const byUuid = new Map<string, Comment>();
  for (let i = 0; i < uuids.length; i += 100) {
    const url = `/api/comments/${SITE}/${containerUuid}/selection`;
    const page = resultOf<{ contents: Comment[] }>(await app.inject({ method: 'GET', url, query: { uuids: uuids.slice(i, i + 100).join(',') } }));
    for (const comment of page.contents) byUuid.set(comment.content_uuid, comment);
  }
  return byUuid;
}

async function storedContent(app: FastifyInstance, uuids: string[]): Promise<Map<string, string>> {
  const rows = await app.db.selectFrom('contents').select(['uuid', 'content']).where('uuid', 'in', uuids).execute();
  return new Map(rows.map((row) => [row.uuid, row.content]));
}

describe('XSS corpus', () => {
  test(`${XSS_CORPUS.length} payloads as comment text: returned, listed and stored as the reader's text`, async (t) => {
    const app = await build(t);
    const author = await signup(app);
    const c = await container(app);
    const posted = new Map<string, { payload: Payload; text: string }>();
    for (const payload of XSS_CORPUS) {
      const response = await postAs(app, c.content_container_uuid, { content: payload.text }, author.access_token);
      const expected = normaliseComment(payload.text);
      if (!expected.ok) {
        assert.equal(response.statusCode, 400, `${payload.source}: refused`);
        assert.deepEqual(response.json(), { error_status: 400, message: expected.message, field: 'content' }, payload.source);
        continue;
      }
      const comment = resultOf<Comment>(response);
      assert.equal(comment.content, expected.text, `${payload.source}: normalised as documented`);
      if (untouchedComment(payload.text)) assert.equal(comment.content, payload.text, `${payload.source}: unchanged`);
      posted.set(comment.content_uuid, { payload, text: expected.text });
    }
    assert.ok(posted.size > XSS_CORPUS.length * 0.9, 'only blank strings are refused');
    const uuids = [...posted.keys()];
    const listed = await readBack(app, c.content_container_uuid, uuids);
    const stored = await storedContent(app, uuids);
    for (const [uuid, { payload, text }] of posted) {
      assert.equal(listed.get(uuid)?.content, text, `${payload.source}: read back`);
      assert.equal(stored.get(uuid), text, `${payload.source}: stored as text`);
    }
  });

  // Names (docs/api.md): 1–50 characters, no control characters, not only blank characters;
  // shown with every run of white space as one space, trimmed (normaliseName).
  const validName = (text: string) => codePoints(text) >= 1 && codePoints(text) <= 50 && !CONTROL.test(text) && !isBlankText(text);
  const shownName = (text: string) => text.replace(/\s+/g, ' ').trim();

  test("payloads as a user's name (profile rename): kept as typed; names the rules refuse get 400 on 'name'", async (t) => {
    const app = await build(t);
    const c = await container(app);
    const reader = await signup(app);
    const comment = resultOf<Comment>(await postAs(app, c.content_container_uuid, { content: 'my name' }, reader.access_token));
    for (const payload of XSS_CORPUS) {
      const response = await app.inject({ method: 'PATCH', url: `/api/v2/users/${reader.user.uuid}`, headers: bearer(reader.access_token), payload: { name: payload.text } });
      if (!validName(payload.text)) {
        assert.equal(response.statusCode, 400, `${payload.source}: refused`);
        assert.equal(response.json().field, 'name', payload.source);
        continue;
      }
      assert.equal(resultOf<{ name: string }>(response).name, shownName(payload.text), `${payload.source}: the name as typed`);
      const [shown] = (await readBack(app, c.content_container_uuid, [comment.content_uuid])).values();
      assert.equal(shown?.actor.name, shownName(payload.text), `${payload.source}: shown with the comment`);
    }
  });

  test('payloads as a name at signup (the OWASP vectors; every payload goes through rename above)', async (t) => {
    const app = await build(t, { VF_AUTH_LIMIT_PER_IP: '0' });
    let n = 0;
    const signUp = async (payload: Payload) => {
      const body = { name: payload.text, email: `corpus-${n++}@example.test`, password: 'corpus-password-1', section: SITE, login: true };
      const response = await app.inject({ method: 'POST', url: '/api/v2/users', payload: body });
      if (!validName(payload.text)) return assert.equal(response.statusCode, 400, `${payload.source}: refused`);
      const auth = resultOf<AuthResult>(response);
      assert.equal(auth.user.name, shownName(payload.text), `${payload.source}: the name as typed`);
      const profile = resultOf<{ user: { name: string } }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${auth.user.uuid}/profile` }));
      assert.equal(profile.user.name, shownName(payload.text), `${payload.source}: profile`);
    };
    // Four at a time: signups hash passwords on the thread pool.
    const owasp = XSS_CORPUS.filter((p) => p.source.startsWith('owasp #'));
    for (let i = 0; i < owasp.length; i += 4) await Promise.all(owasp.slice(i, i + 4).map(signUp));
  });

  test('payloads as anonymous names: control characters removed, spaces collapsed, trimmed', async (t) => {
    const app = await build(t);
    await updateSiteSettings(app.db, SITE, { enable_anonymous_comments: true });
    const c = await container(app);
    const posted = new Map<string, { payload: Payload; name: string }>();
    for (const payload of XSS_CORPUS) {
      const response = await postAs(app, c.content_container_uuid, { content: 'anonymous', anonymous_name: payload.text });
      // The documented rule (docs/api.md): at most 50 characters as sent; control characters
      // removed, runs of white space made one space, trimmed; blank after that → 400.
      const name = payload.text.replace(/[\u0000-\u001F\u007F-\u009F]/g, '').replace(/\s+/g, ' ').trim();
      if (codePoints(payload.text) > 50 || isBlankText(name)) {
        assert.equal(response.statusCode, 400, `${payload.source}: refused`);
        assert.equal(response.json().field, 'anonymous_name', payload.source);
        continue;
      }
      const comment = resultOf<Comment>(response);
      assert.equal(comment.actor.name, name, payload.source);
      assert.equal(comment.is_anonymous, true);
      const untouched = !CONTROL.test(payload.text) && payload.text === payload.text.trim() && !/\s{2,}|[^\S ]/u.test(payload.text);
      if (untouched) assert.equal(comment.actor.name, payload.text, `${payload.source}: unchanged`);
      posted.set(comment.content_uuid, { payload, name });
    }
    const listed = await readBack(app, c.content_container_uuid, [...posted.keys()]);
    for (const [uuid, { payload, name }] of posted) assert.equal(listed.get(uuid)?.actor.name, name, `${payload.source}: read back`);
    const names = await app.db.selectFrom('contents').select('anonymous_name').where('container_uuid', '=', c.content_container_uuid).execute();
    assert.deepEqual(new Set(names.map((row) => row.anonymous_name)), new Set([...posted.values()].map((p) => p.name)), 'stored as text');
  });
});
