import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore, type AppStore } from '../../core/store/index.ts';
import { commentQueriesApi, commentMutationsApi, type CommentsArgs } from '../../core/api/comments.ts';
import { usersApi } from '../../core/api/users.ts';
import { bootstrapSession } from '../../core/session/bootstrap.ts';
import { eventReceived, teardownRequested } from '../../core/realtime/slice.ts';
import { pageIdentified } from '../../core/page/slice.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { setPublisher } from '../../core/global-api/bus.ts';
import { installLocalStorage } from './helpers/memoryStorage.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { CONTAINER, SITE, comment, event, page, reply, user } from './helpers/fixtures.ts';
import type { Comment } from '../../core/api/types.ts';

const storage = installLocalStorage();
let server: TestServer;
let store: AppStore;
let published: string[];

const args: CommentsArgs = { sectionUuid: SITE, containerUuid: CONTAINER, limit: 10, replyLimit: 2, sortedBy: 'newest' };
const thread = comment({ total_likes: 1 });
const older = comment();
const listData = () => commentQueriesApi.endpoints.comments.select(args)(store.getState()).data!;
const topLevel = () => listData().pages.flatMap((p) => p.contents.map((c) => c.content_uuid));

before(async () => {
  server = await startServer();
  configure({ origin: server.origin });
  setPublisher((channel, name) => published.push(`${channel}/${name}`));
});
after(async () => {
  setPublisher(null);
  await server.close();
  resetConfig();
});
beforeEach(async () => {
  storage.clear();
  published = [];
  server.requests.length = 0;
  store = createAppStore();
  store.dispatch(pageIdentified({
    container_id: null, title: '', description: '', url: 'https://news.example.com/', domain: 'news.example.com',
    section: null, lang: 'en-us', image_url: null, image_alt: null, page_type: 'article', unique_id: null,
  }));
  thread.replies = [];
  server.handle((req) => {
    if (req.path.endsWith('/bootstrap/v2')) {
      return { json: { result: { user: null, settings: {}, sectionTree: { section_id: SITE, name: 'S', children: [] }, section_uuid: SITE, session: 'abcdefghijklmnop' } } };
    }
    if (req.path.endsWith('/comments') && req.method === 'GET') return { json: { result: page([thread, older]) } };
    return { status: 404, json: { message: 'no route' } };
  });
  assert.ok(await bootstrapSession(store.dispatch, store.getState));
  await store.dispatch(commentQueriesApi.endpoints.comments.initiate(args));
});
afterEach(() => {
  store.dispatch(teardownRequested());
});

describe('comments through the store', () => {
  it('bootstraps by domain and keeps the session', () => {
    const boot = server.requests.find((r) => r.path.endsWith('/bootstrap/v2'))!;
    assert.deepEqual(boot.body, { domain: 'news.example.com', section_tree: true, session: '' });
    assert.equal(storage.getItem('vf.session'), 'abcdefghijklmnop');
    assert.equal(store.getState().session.status, 'ready');
  });

  it('loads the first page with the list parameters', () => {
    const req = server.requests.find((r) => r.path.endsWith('/comments'))!;
    assert.equal(req.path, `/api/comments/${SITE}/${CONTAINER}/comments`);
    assert.equal(req.query.get('limit'), '10');
    assert.equal(req.query.get('reply_limit'), '2');
    assert.equal(req.query.get('sorted_by'), 'newest');
    assert.equal(req.query.get('section'), SITE);
    assert.equal(req.query.has('starting_from'), false);
    assert.deepEqual(topLevel(), [thread.content_uuid, older.content_uuid]);
  });

  it('a posted comment goes first into the cached list, once even with its realtime echo', async () => {
    const fresh = comment();
    server.handle(() => ({ json: { result: fresh } }));
    await store.dispatch(commentMutationsApi.endpoints.postComment.initiate({ sectionUuid: SITE, containerUuid: CONTAINER, content: 'hi' }));
    store.dispatch(eventReceived({ subscriptionId: 'x', event: event({ content_uuid: fresh.content_uuid, content: fresh }) }));
    assert.deepEqual(topLevel(), [fresh.content_uuid, thread.content_uuid, older.content_uuid]);
    assert.equal(server.requests.at(-1)!.path, `/api/comments/${SITE}/${CONTAINER}/comments`);
  });

  it('a posted reply joins its thread', async () => {
    const r: Comment = reply(thread);
    server.handle(() => ({ json: { result: r } }));
    await store.dispatch(commentMutationsApi.endpoints.postComment.initiate({
      sectionUuid: SITE, containerUuid: CONTAINER, content: 'hi', parentUuid: thread.content_uuid,
    }));
    assert.equal(server.requests.at(-1)!.path, `/api/comments/${SITE}/${CONTAINER}/comments/${thread.content_uuid}`);
    const cachedThread = listData().pages[0]!.contents[0]!;
    assert.deepEqual(cachedThread.replies!.map((c) => c.content_uuid), [r.content_uuid]);
    assert.equal(cachedThread.total_replies, 1);
  });

  it('a like is optimistic and rolled back on error', async () => {
    server.handle(() => ({ status: 500, json: { message: 'nope' } }));
    const pending = store.dispatch(commentMutationsApi.endpoints.toggleReaction.initiate({
      sectionUuid: SITE, containerUuid: CONTAINER, contentUuid: thread.content_uuid, reaction: 'like', on: true,
    }));
    const optimistic = listData().pages[0]!.contents[0]!;
    assert.equal(optimistic.total_likes, 2);
    assert.equal(optimistic.actions.liked, true);
    const result = await pending;
    assert.ok('error' in result);
    const rolledBack = listData().pages[0]!.contents[0]!;
    assert.equal(rolledBack.total_likes, 1);
    assert.equal(rolledBack.actions.liked, false);
  });

  it('a confirmed like takes the server total', async () => {
    server.handle(() => ({ json: { result: { content_uuid: thread.content_uuid, total_likes: 7, liked: true } } }));
    await store.dispatch(commentMutationsApi.endpoints.toggleReaction.initiate({
      sectionUuid: SITE, containerUuid: CONTAINER, contentUuid: thread.content_uuid, reaction: 'like', on: true,
    }));
    assert.equal(server.requests.at(-1)!.method, 'POST');
    assert.equal(listData().pages[0]!.contents[0]!.total_likes, 7);
  });

  it('a dislike goes to the dislike address and takes the server total', async () => {
    server.handle(() => ({ json: { result: { content_uuid: thread.content_uuid, total_dislikes: 4, disliked: true } } }));
    await store.dispatch(commentMutationsApi.endpoints.toggleReaction.initiate({
      sectionUuid: SITE, containerUuid: CONTAINER, contentUuid: thread.content_uuid, reaction: 'dislike', on: true,
    }));
    assert.match(server.requests.at(-1)!.path, /\/comments\/[0-9a-f-]+\/dislike$/);
    const shown = listData().pages[0]!.contents[0]!;
    assert.deepEqual([shown.total_dislikes, shown.actions.disliked], [4, true]);
  });

  it('realtime likes by others set the total only', () => {
    store.dispatch(eventReceived({
      subscriptionId: 'x',
      event: event({ event: 'liked', content_uuid: older.content_uuid, total_likes: 4 }),
    }));
    const cached = listData().pages[0]!.contents[1]!;
    assert.equal(cached.total_likes, 4);
    assert.equal(cached.actions.liked, false);
  });

  it('an edit the public may not see (it went back to moderation) takes the comment out of a reader\'s list', () => {
    store.dispatch(eventReceived({ subscriptionId: 'x', event: event({ event: 'updated', content_uuid: older.content_uuid }) }));
    assert.deepEqual(topLevel(), [thread.content_uuid]);
  });

  it('a pick, pin or edit of a comment this page has not loaded neither adds it nor counts it again', () => {
    const unseen = comment({ is_picked: true });
    const countBefore = listData().pages[0]!.total_visible_content;
    for (const name of ['picked', 'pinned', 'updated'] as const) {
      store.dispatch(eventReceived({ subscriptionId: 'x', event: event({ event: name, content_uuid: unseen.content_uuid, content: unseen }) }));
    }
    assert.deepEqual(topLevel(), [thread.content_uuid, older.content_uuid]);
    assert.equal(listData().pages[0]!.total_visible_content, countBefore);
  });

  it('an edit event with a malformed copy changes nothing (no copy at all would take the comment out of view)', () => {
    const broken = { ...older, content: null, state: 'nonsense' } as unknown as Comment;
    store.dispatch(eventReceived({ subscriptionId: 'x', event: event({ event: 'updated', content_uuid: older.content_uuid, content: broken }) }));
    assert.deepEqual(topLevel(), [thread.content_uuid, older.content_uuid]);
  });

  it('a comment a moderator approved that this page has not loaded arrives', () => {
    const approved = comment();
    store.dispatch(eventReceived({ subscriptionId: 'x', event: event({ event: 'visible', content_uuid: approved.content_uuid, content: approved }) }));
    assert.deepEqual(topLevel(), [approved.content_uuid, thread.content_uuid, older.content_uuid]);
  });

  it('login sets the user and publishes authentication/login; logout signs out and refetches lists', async () => {
    const me = user();
    server.handle((req) => {
      if (req.path.endsWith('/users/login')) {
        return { json: { result: { user: me, session: 'abcdefghijklmnop', access_token: 'A', refresh_token: 'R' } } };
      }
      if (req.path.endsWith('/users/logout')) return { json: { result: {} } };
      if (req.path.endsWith('/comments')) return { json: { result: page([thread, older]) } };
      return { status: 404, json: {} };
    });
    await store.dispatch(usersApi.endpoints.login.initiate({ email: 'a@b.c', password: 'secret123' }));
    assert.equal(store.getState().session.user?.uuid, me.uuid);
    assert.deepEqual(published, ['authentication/login']);
    assert.equal(storage.getItem('vf.access_token'), 'A');

    const before = server.requests.filter((r) => r.path.endsWith('/comments')).length;
    await store.dispatch(usersApi.endpoints.logout.initiate());
    const logoutReq = server.requests.find((r) => r.path.endsWith('/users/logout'))!;
    assert.equal(logoutReq.method, 'DELETE');
    assert.equal(logoutReq.headers.authorization, 'Bearer A');
    assert.equal(store.getState().session.user, null);
    assert.equal(storage.getItem('vf.access_token'), null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const afterCount = server.requests.filter((r) => r.path.endsWith('/comments')).length;
    assert.ok(afterCount > before, 'lists refetched after logout');
  });
});
