/**
 * A live blog's realtime events on its caches (core/realtime/liveblogEvents.ts through the
 * content-type registry): new posts once by uuid, pinned posts reached by edits, replies counted
 * once, and the post list's event number handed to the catch-up. The live-blog service is a
 * small local HTTP server answering the list reads.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore, type AppStore } from '../../core/store/index.ts';
import { liveblogApi, type PostsArgs } from '../../core/api/liveblog.ts';
import type { Comment, ContentEvent, LiveblogPage } from '../../core/api/types.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { contentHandlerFor } from '../../core/realtime/contentHandlers.ts';
import { applyContentEvent } from '../../core/realtime/events.ts';
import { heldCommentIds, releaseHeldComments } from '../../core/api/heldComments.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { CONTAINER, SITE, comment, event, page, reply } from './helpers/fixtures.ts';

const args: PostsArgs = { sectionUuid: SITE, containerUuid: CONTAINER, limit: 10 };
const post = (content: string, overrides: Partial<Comment> = {}) => comment({ content, type: 'liveblog_post', replies: undefined, ...overrides });

let server: TestServer;
let store: AppStore;
let firstPage: LiveblogPage;

const data = () => liveblogApi.endpoints.liveblogPosts.select(args)(store.getState()).data!;
const listed = () => data().pages.flatMap((p) => p.contents.map((c) => c.content));
const apply = (e: Partial<ContentEvent>) => applyContentEvent(store.dispatch, store.getState, event({ content_type: 'liveblog_post', ...e }));

before(async () => {
  server = await startServer();
});
after(async () => server.close());
beforeEach(async () => {
  configure({ origin: server.origin });
  server.handle((req) => (req.path.includes('/replies/') ? { json: { result: page([]) } } : { json: { result: firstPage } }));
  store = createAppStore();
});
afterEach(() => {
  releaseHeldComments(CONTAINER);
  resetConfig();
});

async function load(contents: Comment[], pinned: Comment[] = [], latest_seq = 7) {
  firstPage = { ...page(contents), pinned, latest_seq };
  await store.dispatch(liveblogApi.endpoints.liveblogPosts.initiate(args));
}

describe('live-blog realtime events', () => {
  it('are routed by content type: liveblog, liveblog_post and reply_to_liveblog_post share one handler', () => {
    const handler = contentHandlerFor('liveblog_post');
    assert.ok(handler);
    assert.equal(contentHandlerFor('reply_to_liveblog_post'), handler);
    assert.equal(contentHandlerFor('liveblog'), handler);
    assert.notEqual(contentHandlerFor('comments'), handler);
  });

  it('a created post goes on top once, however often it is delivered, and is held for a reader', async () => {
    await load([post('old')]);
    const fresh = post('new', { actor_uuid: 'editor' });
    apply({ event: 'created', content_uuid: fresh.content_uuid, content: fresh, seq: 8 });
    apply({ event: 'created', content_uuid: fresh.content_uuid, content: fresh, seq: 9 });
    assert.deepEqual(listed(), ['new', 'old']);
    assert.deepEqual(heldCommentIds(CONTAINER), [fresh.content_uuid]);
  });

  it('a created post already shown as pinned is not listed again; a like reaches the pinned copy', async () => {
    const pinned = post('pinned', { is_pinned: true });
    await load([post('other')], [pinned]);
    apply({ event: 'created', content_uuid: pinned.content_uuid, content: pinned });
    assert.deepEqual(listed(), ['other']);
    apply({ event: 'liked', content_uuid: pinned.content_uuid, total_likes: 4 });
    assert.equal(data().pages[0]!.pinned![0]!.total_likes, 4);
  });

  it('an edit reaches the post wherever it is cached; a removal takes it from readers', async () => {
    const target = post('before');
    await load([target]);
    apply({ event: 'updated', content_uuid: target.content_uuid, content: { ...target, content: 'after', is_edited: true } });
    assert.deepEqual(listed(), ['after']);
    apply({ event: 'deleted', content_uuid: target.content_uuid });
    assert.deepEqual(listed(), []);
  });

  it('a reply counts once in its post and joins its loaded replies', async () => {
    const parent = post('parent');
    await load([parent]);
    const repliesArgs = { ...args, postUuid: parent.content_uuid };
    await store.dispatch(liveblogApi.endpoints.liveblogReplies.initiate(repliesArgs));
    const answer = reply(parent, { content: 'answer', type: 'reply_to_liveblog_post' });
    const created = { event: 'created' as const, content_type: 'reply_to_liveblog_post' as const, content_uuid: answer.content_uuid, content: answer };
    apply(created);
    apply(created);
    assert.equal(data().pages[0]!.contents[0]!.total_replies, 1);
    const replies = liveblogApi.endpoints.liveblogReplies.select(repliesArgs)(store.getState()).data!;
    assert.deepEqual(replies.pages[0]!.contents.map((c) => c.content), ['answer']);
  });

  it('a pin or unpin reads the posts again (they move between the list and the pinned group)', async () => {
    const target = post('to pin');
    await load([target]);
    const reads = server.requests.length;
    firstPage = { ...page([]), pinned: [{ ...target, is_pinned: true }], latest_seq: 8 };
    apply({ event: 'pinned', content_uuid: target.content_uuid, content: { ...target, is_pinned: true } });
    for (let i = 0; i < 100 && server.requests.length === reads; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(server.requests.length, reads + 1);
    for (let i = 0; i < 100 && listed().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(data().pages[0]!.pinned!.map((c) => c.content), ['to pin']);
  });

  it('the post list tells the catch-up at which event it was read', async () => {
    await load([post('p')], [], 12);
    const handler = contentHandlerFor('liveblog_post')!;
    const fulfilled = { type: 'api/executeQuery/fulfilled', payload: data(), meta: { arg: { endpointName: 'liveblogPosts', originalArgs: args } } };
    assert.deepEqual(handler.baseline!(fulfilled), { containerUuid: CONTAINER, seq: 12 });
    const other = { ...fulfilled, meta: { arg: { endpointName: 'somethingElse', originalArgs: args } } };
    assert.equal(handler.baseline!(other), null);
  });
});
