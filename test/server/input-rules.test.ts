/**
 * docs/api.md "Input rules": blank-looking names and comments, numbers that are not finite
 * integers in range, wrong JSON types and lone surrogates are refused on every route that takes
 * them, with a 400 that names the field, and nothing is stored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Comment, Container, User } from '../../core/api/types.ts';
import { setSiteSettings } from './comment-calls.ts';
import { bearer, build, container, countRows, postComment, resultOf, SITE, signup, signupAs } from './helpers.ts';

/** Text that shows nothing: blank, format and default-ignorable characters (core/text/blankText.ts). */
const BLANKS = [
  '\u200B', '\u2800', '\u3164', '\u115F', '\u1160', '\uFFA0', '\u202E', '\u2066', '\u00AD', '\u034F',
  '\uFEFF', '\u180E', '\u2060', '\u3000', '\u00A0', '\u{E0020}', ' \u200B\u2800\u3164\u3000 ',
];
/** Comments may hold line breaks and tabs (names may not: control characters are refused as such). */
const BLANK_COMMENTS = [...BLANKS, ' \u200B\n\u2800\t\u3164 \r\n\u2066'];
const hex = (text: string) => [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`).join(' ');

const comments = (c: Container) => `/api/comments/${SITE}/${c.content_container_uuid}`;

/** A JSON request with the payload exactly as written (numbers such as 1e309 and "\ud800" escapes stay as sent). */
function raw(app: FastifyInstance, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: string, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload });
}

/** The refusal's status, message and field. */
const refusal = (response: LightMyRequestResponse) => {
  const body = response.json() as { message: string; field?: string };
  return { status: response.statusCode, message: body.message, field: body.field };
};

async function commentContent(app: FastifyInstance, uuid: string): Promise<string> {
  const row = await app.db.selectFrom('contents').select('content').where('uuid', '=', uuid).executeTakeFirstOrThrow();
  return row.content;
}

async function nameOf(app: FastifyInstance, uuid: string): Promise<string> {
  return resultOf<User>(await app.inject({ method: 'GET', url: `/api/v2/users/${uuid}` })).name;
}

/** A member, a moderator and another member; a thread; anonymous comments on; row counts to compare. */
async function scene(app: FastifyInstance, name: string) {
  const me = await signup(app, name);
  const mod = await signupAs(app, 'mod');
  const other = await signup(app);
  const c = await container(app);
  const thread = await postComment(app, me.access_token, c.content_container_uuid, 'the words');
  await setSiteSettings(app, { enable_anonymous_comments: true });
  const tables = ['users', 'contents', 'bans', 'pages', 'follows', 'containers'] as const;
  const counts = async () => Promise.all(tables.map((table) => countRows(app, table)));
  return { me, mod, other, c, thread, counts };
}

describe('blank-looking text is empty text', () => {
  test('names: sign-up, rename (JSON, PATCH as POST, form data) and anonymous names refuse text that shows nothing', async (t) => {
    const app = await build(t);
    const me = await signup(app, 'Visible');
    const c = await container(app);
    const thread = await postComment(app, me.access_token, c.content_container_uuid, 'a thread');
    await setSiteSettings(app, { enable_anonymous_comments: true });
    const users = await countRows(app, 'users');
    const stored = await countRows(app, 'contents');
    const userUrl = `/api/v2/users/${me.user.uuid}`;

    for (const [i, blank] of BLANKS.entries()) {
      const label = hex(blank);
      const payload = { name: blank, email: `blank${i}@example.test`, password: 'password-1', login: true, section: SITE };
      const signupAnswer = await app.inject({ method: 'POST', url: '/api/v2/users', payload });
      assert.deepEqual(refusal(signupAnswer), { status: 400, message: 'Name cannot be empty', field: 'name' }, `sign-up ${label}`);

      for (const [method, body] of [['PATCH', { name: blank }], ['POST', { name: blank, verb: 'PATCH' }]] as const) {
        const answer = await app.inject({ method, url: userUrl, headers: bearer(me.access_token), payload: body });
        assert.deepEqual(refusal(answer), { status: 400, message: 'Name cannot be empty', field: 'name' }, `${method} rename ${label}`);
      }
      const form = new FormData();
      form.set('name', blank);
      const request = new Request('http://x/', { method: 'POST', body: form });
      const formAnswer = await app.inject({
        method: 'POST',
        url: userUrl,
        headers: { ...bearer(me.access_token), 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      assert.deepEqual(refusal(formAnswer), { status: 400, message: 'Name cannot be empty', field: 'name' }, `form rename ${label}`);

      for (const path of ['comments', `comments/${thread.content_uuid}`]) {
        const answer = await app.inject({ method: 'POST', url: `${comments(c)}/${path}`, payload: { content: 'hello', anonymous_name: blank } });
        assert.deepEqual(refusal(answer), { status: 400, message: 'Anonymous name cannot be empty', field: 'anonymous_name' }, `${path} ${label}`);
      }
    }
    assert.equal(await countRows(app, 'users'), users, 'no account was made');
    assert.equal(await countRows(app, 'contents'), stored, 'no anonymous comment was stored');
    assert.equal(await nameOf(app, me.user.uuid), 'Visible', 'the name did not change');

    // Invisible characters inside a visible name are no reason to refuse it.
    for (const name of ['👩\u200D💻', 'Ada\u200B', '\u202BHebrew\u202C', '한글']) {
      const answer = await app.inject({ method: 'PATCH', url: userUrl, headers: bearer(me.access_token), payload: { name } });
      assert.equal(resultOf<User>(answer).name, name, hex(name));
    }
  });

  test('comments, replies and edits made only of blank characters are "Comment cannot be empty"', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const c = await container(app);
    const thread = await postComment(app, me.access_token, c.content_container_uuid, 'the words');
    const stored = await countRows(app, 'contents');
    const empty = { status: 400, message: 'Comment cannot be empty', field: 'content' };

    for (const blank of BLANK_COMMENTS) {
      const label = hex(blank);
      for (const path of ['comments', `comments/${thread.content_uuid}`, `content/${thread.content_uuid}/edit`]) {
        const answer = await app.inject({ method: 'POST', url: `${comments(c)}/${path}`, headers: bearer(me.access_token), payload: { content: blank } });
        assert.deepEqual(refusal(answer), empty, `${path} ${label}`);
      }
    }
    assert.equal(await countRows(app, 'contents'), stored, 'nothing was posted');
    assert.equal(await commentContent(app, thread.content_uuid), 'the words', 'the edit changed nothing');

    const emoji = await postComment(app, me.access_token, c.content_container_uuid, '\u200B👩\u200D💻\u200B');
    assert.equal(emoji.content, '\u200B👩\u200D💻\u200B', 'visible text keeps its invisible characters');
  });
});

describe('numbers', () => {
  const NOT_FINITE_INTEGERS = ['1e309', '-1e309', 'Infinity', '-Infinity', 'NaN', '1e2', '0x10', '5.5', ' 5', '9007199254740993'];

  test('every numeric query parameter must be a finite integer within its range, else 400 naming it', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const c = await container(app);
    const thread = await postComment(app, me.access_token, c.content_container_uuid, 'a thread');
    const visitor = { 'x-unique-id': 'visitor-1' };
    const mine = bearer(me.access_token);
    const calls: [url: string, params: string[], headers?: Record<string, string>][] = [
      [`${comments(c)}/comments`, ['limit', 'reply_limit']],
      [`${comments(c)}/content/${thread.content_uuid}/direct`, ['limit']],
      [`${comments(c)}/events?after=0`, ['after', 'limit']],
      [`/api/comments/${SITE}/${me.user.uuid}/recent`, ['limit']],
      [`/api/comments/${SITE}/trending`, ['limit', 'content_container_window_days', 'content_window_hours', 'date_time']],
      [`/api/comments/${SITE}/trendingrecommended`, ['limit', 'content_container_window_days', 'content_window_hours', 'date_time'], visitor],
      [`/api/v2/followers/${me.user.uuid}`, ['limit']],
      [`/api/v2/mutes/${me.user.uuid}`, ['limit'], mine],
    ];
    for (const [url, names, headers = {}] of calls) {
      assert.equal((await app.inject({ method: 'GET', url, headers })).statusCode, 200, url);
      for (const name of names) {
        for (const value of NOT_FINITE_INTEGERS) {
          const [path, query] = url.split('?');
          const params = new URLSearchParams(query);
          params.set(name, value);
          const answer = await app.inject({ method: 'GET', url: `${path}?${params}`, headers });
          assert.equal(answer.statusCode, 400, `${url} ${name}=${value}: ${answer.body}`);
          assert.match(refusal(answer).message, new RegExp(`^querystring/${name} `), `${url} ${name}=${value}`);
        }
      }
    }
    const inRange = await app.inject({ method: 'GET', url: `${comments(c)}/comments?limit=100&reply_limit=0` });
    assert.equal(inRange.statusCode, 200, 'plain decimal integers in range pass');
  });

  test('numbers in JSON bodies: 1e309 and unsafe integers are 400 naming the field, nothing stored', async (t) => {
    const app = await build(t);
    const mod = await signupAs(app, 'mod');
    const admin = await signupAs(app, 'admin');
    const target = await signup(app);
    const banUrl = `/api/v2/users/${target.user.uuid}/ban`;
    for (const duration of ['1e309', '-1e309', '1e300']) {
      const answer = await raw(app, 'POST', banUrl, `{"ban_level":"posting","reason":"spam","duration_days":${duration}}`, mod.access_token);
      assert.equal(refusal(answer).status, 400, `duration_days ${duration}`);
      assert.equal(refusal(answer).field, 'duration_days');
    }
    assert.equal(await countRows(app, 'bans'), 0, 'no ban was stored');

    const settings = `{"section":"${SITE}"`;
    for (const [key, value] of [['user_comment_edit_timeout', '1e309'], ['livecommenting_switch_date', '1e300'], ['livecommenting_switch_date', '-1e309']]) {
      const answer = await raw(app, 'PATCH', '/api/v2/settings', `${settings},"${key}":${value}}`, admin.access_token);
      assert.equal(refusal(answer).status, 400, `${key} ${value}`);
      assert.equal(refusal(answer).field, key);
    }
    const boot = resultOf<{ settings: Record<string, unknown> }>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE } }));
    assert.equal(boot.settings['livecommenting_switch_date'] ?? null, null, 'the setting did not change');
  });
});

describe('JSON bodies are not coerced', () => {
  test('a wrong type in a JSON body is 400 naming the field on every route that takes it; nothing stored', async (t) => {
    const app = await build(t);
    const { me, mod, other, c, thread, counts } = await scene(app, 'Typed');
    const before = await counts();

    const cases: [method: 'POST' | 'PATCH' | 'PUT', url: string, body: object, field: string, token?: string][] = [
      ['POST', `${comments(c)}/comments`, { content: 12 }, 'content', me.access_token],
      ['POST', `${comments(c)}/comments`, { content: ['a'] }, 'content', me.access_token],
      ['POST', `${comments(c)}/comments`, { content: true }, 'content', me.access_token],
      ['POST', `${comments(c)}/comments`, { content: 'hi', anonymous_name: 12 }, 'anonymous_name'],
      ['POST', `${comments(c)}/comments/${thread.content_uuid}`, { content: 12 }, 'content', me.access_token],
      ['POST', `${comments(c)}/content/${thread.content_uuid}/edit`, { content: ['changed'] }, 'content', me.access_token],
      ['POST', `${comments(c)}/settings`, { is_closed: 'true' }, 'is_closed', mod.access_token],
      ['POST', `${comments(c)}/settings`, { is_premoderated: 1 }, 'is_premoderated', mod.access_token],
      ['POST', '/api/v2/users', { name: 12, email: 'typed@example.test', password: 'password-1', section: SITE }, 'name'],
      ['POST', '/api/v2/users', { name: 'Typed', email: 'typed@example.test', password: 'password-1', login: 'true', section: SITE }, 'login'],
      ['POST', '/api/v2/users/login', { email: ['typed@example.test'], password: 'x', section: SITE }, 'email'],
      ['POST', '/api/v2/users/login', { email: 'typed@example.test', password: 'x', thirdparty_enabled: 'false', section: SITE }, 'thirdparty_enabled'],
      ['PATCH', `/api/v2/users/${me.user.uuid}`, { name: 12 }, 'name', me.access_token],
      ['POST', `/api/v2/users/${other.user.uuid}/ban`, { ban_level: 'posting', reason: 'spam', duration_days: '7' }, 'duration_days', mod.access_token],
      ['POST', `/api/v2/users/${other.user.uuid}/ban`, { ban_level: 'posting', reason: 'spam', permanent: 'true' }, 'permanent', mod.access_token],
      ['POST', `/api/v2/users/${other.user.uuid}/ban`, { ban_level: 'posting', reason: 12, permanent: true }, 'reason', mod.access_token],
      ['POST', '/api/v2/pages', { url: 'https://example.test/a', title: 12, section: SITE }, 'title'],
      ['POST', '/api/v2/pages', { url: 'https://example.test/a', owners: 'someone', section: SITE }, 'owners'],
      ['PUT', `/api/v2/follows/${other.user.uuid}`, { page_id: 12 }, 'page_id', me.access_token],
      ['POST', '/api/v2/account/password', { email: ['typed@example.test'], section: SITE }, 'email'],
      ['POST', `/api/comments/${SITE}`, { container_id: 12 }, 'container_id'],
    ];
    for (const [method, url, body, field, token] of cases) {
      const answer = await app.inject({ method, url, headers: bearer(token), payload: body });
      const label = `${method} ${url} ${JSON.stringify(body)}`;
      assert.equal(answer.statusCode, 400, `${label}: ${answer.body}`);
      assert.equal(refusal(answer).field, field, label);
    }
    assert.deepEqual(await counts(), before, 'nothing was stored');
    assert.equal(await commentContent(app, thread.content_uuid), 'the words');
    assert.equal(await nameOf(app, me.user.uuid), 'Typed');
    const settings = resultOf<Container>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/contentcontainer/id`, query: { container_id: c.container_id } })).settings;
    assert.deepEqual([settings?.is_closed, settings?.is_premoderated], [false, false], 'the container did not change');
  });

  test('query strings and path params are still read as text: numbers and booleans there work', async (t) => {
    const app = await build(t);
    const me = await signup(app);
    const c = await container(app);
    await postComment(app, me.access_token, c.content_container_uuid, 'one');
    const page = await app.inject({ method: 'GET', url: `${comments(c)}/comments?limit=1&reply_limit=0` });
    assert.equal(resultOf<{ contents: Comment[] }>(page).contents.length, 1);
    const refresh = await app.inject({ method: 'GET', url: '/api/v2/users/refreshusertoken?thirdparty_enabled=false', headers: bearer(me.refresh_token) });
    assert.equal(refresh.statusCode, 200, refresh.body);
  });
});

describe('lone surrogates', () => {
  test('a lone surrogate in any text field is 400 naming the field; nothing stored', async (t) => {
    const app = await build(t);
    const { me, mod, other, c, thread, counts } = await scene(app, 'Whole');
    const before = await counts();

    // JSON text as sent: "\ud800" is a high surrogate with no low one after it, "\udc00" the reverse.
    const cases: [method: 'POST' | 'PATCH' | 'PUT', url: string, json: string, field: string, token?: string][] = [
      ['POST', `${comments(c)}/comments`, '{"content":"a\\ud800b"}', 'content', me.access_token],
      ['POST', `${comments(c)}/comments`, '{"content":"\\udc00"}', 'content', me.access_token],
      ['POST', `${comments(c)}/comments`, '{"content":"hi","anonymous_name":"Kim\\ud83d"}', 'anonymous_name'],
      ['POST', `${comments(c)}/comments/${thread.content_uuid}`, '{"content":"reply \\udfff"}', 'content', me.access_token],
      ['POST', `${comments(c)}/content/${thread.content_uuid}/edit`, '{"content":"edit \\ud800"}', 'content', me.access_token],
      ['POST', '/api/v2/users', `{"name":"Lone\\ud800","email":"lone@example.test","password":"password-1","section":"${SITE}"}`, 'name'],
      ['PATCH', `/api/v2/users/${me.user.uuid}`, '{"name":"Whole\\ud800"}', 'name', me.access_token],
      ['POST', '/api/v2/pages', `{"url":"https://example.test/lone","title":"T\\ud800","section":"${SITE}"}`, 'title'],
      ['POST', '/api/v2/pages', `{"url":"https://example.test/lone","topics":["ok","\\udc00"],"section":"${SITE}"}`, 'topics'],
      ['POST', `/api/v2/users/${other.user.uuid}/ban`, '{"ban_level":"posting","reason":"spam \\ud800","permanent":true}', 'reason', mod.access_token],
      ['PUT', `/api/v2/follows/${other.user.uuid}`, '{"page_id":"p\\ud800"}', 'page_id', me.access_token],
      ['POST', `/api/comments/${SITE}`, '{"container_id":"story\\ud800"}', 'container_id'],
    ];
    for (const [method, url, json, field, token] of cases) {
      const answer = await raw(app, method, url, json, token);
      assert.equal(answer.statusCode, 400, `${method} ${url} ${json}: ${answer.body}`);
      assert.equal(refusal(answer).field, field, json);
      assert.match(refusal(answer).message, /well-formed/, json);
    }
    assert.deepEqual(await counts(), before, 'nothing was stored');
    assert.equal(await commentContent(app, thread.content_uuid), 'the words');
    assert.equal(await nameOf(app, me.user.uuid), 'Whole');

    // A whole pair is text like any other.
    const pair = resultOf<Comment>(await raw(app, 'POST', `${comments(c)}/comments`, '{"content":"\\ud83d\\ude00"}', me.access_token));
    assert.equal(pair.content, '😀');
  });
});
