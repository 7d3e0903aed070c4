/**
 * Pages: idempotent creation by unique id (else url), cleaning, and who may change a page. The
 * addresses are the demo site's (localhost); what the server reads of a page: pages-trust.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../core/api/types.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { bearer, build, countRows, resultOf, SITE, signup } from './helpers.ts';

const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

async function create(app: FastifyInstance, body: Record<string, unknown>, token?: string): Promise<Page> {
  return resultOf<Page>(await app.inject({ method: 'POST', url: '/api/v2/pages', headers: bearer(token), payload: { section: SITE, ...body } }));
}

async function moderator(app: FastifyInstance): Promise<string> {
  const account = DEMO_ACCOUNTS.find((a) => a.user_privilege === 'mod')!;
  return resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: account.email, password: account.password, section: SITE } })).access_token;
}

describe('POST /pages', () => {
  test('a guest creates the page from its public meta; the same unique id returns the same page, unchanged', async (t) => {
    const app = await build(t);
    const page = await create(app, {
      url: 'http://localhost/story?utm_source=x&id=1',
      unique_id: `vf-${UUID.toUpperCase()}`,
      title: `  Big \n story ${'x'.repeat(600)}`,
      description: 'About it',
      image_url: 'http://localhost/a.png',
      image_alt: 'A picture',
      page_type: 'video',
      owners: [`vf-${UUID}`, '42', 'facebook:99', '42'],
      topics: ['Politics', 'politics', 'Europe'],
      page_section: 'world',
      lang: 'fr_CA',
    });
    assert.match(page.id, /^[0-9a-f-]{36}$/);
    assert.equal(page.section_uuid, SITE);
    assert.equal(page.unique_id, UUID);
    assert.equal(page.url, 'http://localhost/story?id=1');
    assert.equal(page.title.length, 500);
    assert.ok(page.title.startsWith('Big story x'));
    assert.equal(page.page_type, 'video');
    assert.deepEqual(page.owners, [UUID, '42', 'facebook:99']);
    assert.deepEqual(page.topics, ['Politics', 'politics', 'Europe']);
    assert.equal(page.page_section, 'world');
    assert.equal(page.lang, 'fr-ca');

    const again = await create(app, { url: 'http://localhost/other', unique_id: UUID, title: 'Hijacked title' });
    assert.deepEqual(again, page, 'an existing page is returned as it is');
    assert.equal(await countRows(app, 'pages'), 1);
  });

  test('without a unique id the url is the key; defaults fill the rest', async (t) => {
    const app = await build(t);
    const a = await create(app, { url: 'http://localhost/a?fbclid=1' });
    const b = await create(app, { url: 'http://localhost/a' });
    assert.equal(a.id, b.id);
    assert.equal(a.unique_id, 'http://localhost/a');
    assert.deepEqual({ ...a, id: '', date_created: 0, date_updated: 0 }, {
      id: '', section_uuid: SITE, unique_id: 'http://localhost/a', url: 'http://localhost/a', title: '', description: '',
      image_url: null, image_alt: null, page_type: 'article', owners: [], topics: [], page_section: null, lang: null, date_created: 0, date_updated: 0, meta_source: 'hint',
    });
    const c = await create(app, { url: 'http://localhost/c' });
    assert.notEqual(c.id, a.id);
  });

  test('concurrent first calls for one page create one row', async (t) => {
    const app = await build(t);
    const pages = await Promise.all(Array.from({ length: 5 }, () => create(app, { url: 'http://localhost/race', unique_id: 'race' })));
    assert.equal(new Set(pages.map((p) => p.id)).size, 1);
    assert.equal(await countRows(app, 'pages'), 1);
  });

  test('bad input is a 400 and writes nothing', async (t) => {
    const app = await build(t);
    const bad: Record<string, unknown>[] = [
      { url: 'javascript:alert(1)' }, { url: 'http://localhost/x', page_type: 'blog' }, { url: 'http://localhost/x', owners: ['nobody'] },
      { url: 'http://localhost/x', image_url: 'ftp://x' }, { url: 'http://localhost/x', extra: 1 }, { title: 'no url' },
      { url: 'http://localhost/x', owners: Array.from({ length: 51 }, (_, i) => String(i)) },
    ];
    for (const body of bad) {
      const r = await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, ...body } });
      assert.equal(r.statusCode, 400, JSON.stringify(body));
    }
    const owners = await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url: 'http://localhost/x', owners: ['1', 'nobody'] } });
    assert.deepEqual(owners.json(), { error_status: 400, message: 'owners[1] is not an owner id (vf-<uuid>, a uuid, a numeric id or provider:id)', field: 'owners' });
    const noSite = await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { url: 'http://localhost/x' } });
    assert.equal(noSite.statusCode, 400);
    const unknownSite = await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { url: 'http://localhost/x', section: UUID } });
    assert.equal(unknownSite.statusCode, 404);
    assert.equal(await countRows(app, 'pages'), 0);
  });
});

describe('PATCH /pages/{id}', () => {
  test('a moderator changes a page with PATCH or POST + verb PATCH; GET shows it', async (t) => {
    const app = await build(t);
    const page = await create(app, { url: 'http://localhost/p', title: 'Old' });
    const mod = await moderator(app);
    const patched = resultOf<Page>(await app.inject({ method: 'PATCH', url: `/api/v2/pages/${page.id}`, headers: bearer(mod), payload: { title: '  New   title ', section: SITE } }));
    assert.equal(patched.title, 'New title');
    assert.ok(patched.date_updated >= page.date_updated);
    const viaPost = resultOf<Page>(await app.inject({ method: 'POST', url: `/api/v2/pages/${page.id}`, headers: bearer(mod), payload: { verb: 'PATCH', topics: ['A'], owners: ['7'], section: SITE } }));
    assert.deepEqual([viaPost.title, viaPost.topics, viaPost.owners], ['New title', ['A'], ['7']]);
    const read = resultOf<Page>(await app.inject({ method: 'GET', url: `/api/v2/pages/${page.id}` }));
    assert.deepEqual(read, viaPost);
  });

  test('guests 401, users 403, unknown page 404, POST without verb PATCH 400; nothing changes', async (t) => {
    const app = await build(t);
    const page = await create(app, { url: 'http://localhost/p', title: 'Old' });
    const url = `/api/v2/pages/${page.id}`;
    assert.equal((await app.inject({ method: 'PATCH', url, payload: { title: 'x' } })).statusCode, 401);
    const user = await signup(app);
    const refused = await app.inject({ method: 'PATCH', url, headers: bearer(user.access_token), payload: { title: 'x' } });
    assert.deepEqual(refused.json(), { error_status: 403, message: "Only the site's moderators and admins can change a page" });
    const mod = await moderator(app);
    assert.equal((await app.inject({ method: 'PATCH', url: `/api/v2/pages/${UUID}`, headers: bearer(mod), payload: { title: 'x' } })).statusCode, 404);
    assert.equal((await app.inject({ method: 'POST', url, headers: bearer(mod), payload: { title: 'x' } })).statusCode, 400);
    assert.equal((await app.inject({ method: 'PATCH', url, headers: bearer(mod), payload: { unique_id: 'x' } })).statusCode, 400, 'the key cannot change');
    assert.equal(resultOf<Page>(await app.inject({ method: 'GET', url })).title, 'Old');
  });
});
