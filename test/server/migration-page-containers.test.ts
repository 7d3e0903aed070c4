/**
 * Migration 026 (the page each conversation is on, docs/api.md "Pages") loses no join and has the
 * pages already read read once more: a database written before it comes out with every page
 * joined to the conversation its key names (the old rule), and a page the server had read is read
 * again on the next reader's visit, so the conversations its body holds join it. On SQLite, and on
 * PostgreSQL when VF_TEST_STORE=postgres and DATABASE_URL are set.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import type { CommunityComment, TrendingContainer } from '../../core/api/types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_SITE, seed } from '../../server/demo/index.ts';
import { DEFAULT_SETTINGS } from '../../server/engine/sites.ts';
import { container, postComment, resultOf, SITE, signup } from './helpers.ts';
import { oldDatabase } from './support/pre-content-engine.ts';
import { html, publisherPages } from './support/publisherPages.ts';

const T = 1_700_000_000_000;

/** A page row as the schema before 026 stored it. */
function oldPage(uniqueId: string, url: string, title: string, meta_source: string) {
  return {
    uuid: randomUUID(), site_uuid: DEMO_SITE.uuid, unique_id: uniqueId, url, title, description: '', image_url: null, image_alt: null, page_type: 'article',
    owners: '[]', topics: '[]', section: null, lang: null, date_created: T, date_updated: T, meta_source, meta_read_at: meta_source === 'page' ? T : null,
  };
}

test("migration 026: every page keeps the conversation its key names; a page read before is read again once, and its body's conversations join it", async (t) => {
  const cleanups: (() => Promise<void>)[] = [];
  const { db, env } = await oldDatabase(t, cleanups, '025_moderation_queue_indexes');
  cleanups.push(() => db.destroy());
  const site = await publisherPages(t);
  const readBefore = `${site.origin}/read-before`;
  site.routes.set('/read-before', html('<meta name="vf:title" content="Read before">', '<vf-livechat vf-container-id="before-chat"></vf-livechat><vf-conversations vf-container-id="before-story"></vf-conversations>'));

  await (db as Kysely<any>).insertInto('sites').values({ uuid: DEMO_SITE.uuid, name: DEMO_SITE.name, domains: JSON.stringify(DEMO_SITE.domains), settings: JSON.stringify(DEFAULT_SETTINGS), date_created: T }).execute();
  const keyed = oldPage('kept-story', `${site.origin}/kept`, 'Kept by its key', 'server');
  const read = oldPage(readBefore, readBefore, 'Read before', 'page');
  await db.insertInto('pages').values([keyed, read]).execute();

  const app = buildApp({ config: loadConfig(env) }); // its start runs migration 026
  cleanups.push(() => app.close());
  await app.ready();
  await seed(app);
  assert.deepEqual(
    (await app.db.selectFrom('page_containers').select(['container_id', 'page_uuid', 'strength']).orderBy('container_id').execute()).map((row) => ({ ...row, strength: Number(row.strength) })),
    // The seed's page holds its key as its own; a caller's key holds until a read confirms it.
    [{ container_id: 'kept-story', page_uuid: keyed.uuid, strength: 3 }, { container_id: readBefore, page_uuid: read.uuid, strength: 1 }].sort((a, b) => a.container_id.localeCompare(b.container_id)),
  );
  assert.deepEqual((await app.db.selectFrom('pages').select('containers_read_at').execute()).map((row) => row.containers_read_at), [null, null]);

  const reader = await signup(app);
  for (const id of ['kept-story', 'before-story']) await postComment(app, reader.access_token, (await container(app, id)).content_container_uuid, `In ${id}`);
  const trendingPage = async (id: string) =>
    resultOf<{ contents: TrendingContainer[] }>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/trending` })).contents.find((item) => item.container_id === id)?.page?.title ?? null;
  assert.equal(await trendingPage('kept-story'), 'Kept by its key', 'the old rule, kept');
  assert.equal(await trendingPage('before-story'), null, 'not read for its conversations yet');

  // The next reader's visit reports what is stored: the page is read again all the same, once.
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url: readBefore, title: 'Read before' } }));
  await app.pageMeta.settled();
  assert.equal(await trendingPage('before-story'), 'Read before');
  const community = resultOf<{ contents: CommunityComment[] }>(await app.inject({ method: 'GET', url: '/api/v2/comments', query: { section: SITE } })).contents;
  assert.deepEqual(community.map((comment) => comment.page?.title).sort(), ['Kept by its key', 'Read before']);
  assert.deepEqual(site.requested, ['/read-before']);
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/pages', payload: { section: SITE, url: readBefore, title: 'Read before' } }));
  await app.pageMeta.settled();
  assert.deepEqual(site.requested, ['/read-before'], 'once');
});
