import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  insertIntoCommentList, insertIntoThreadReplies, toggleReactionEdit, updateComment,
} from '../../core/api/commentCache.ts';
import { applyEventToPages } from '../../core/realtime/events.ts';
import { comment, event, page, pages, reply } from './helpers/fixtures.ts';

const uuids = (data: ReturnType<typeof pages>) => data.pages.map((p) => p.contents.map((c) => c.content_uuid));

describe('placing a new comment in cached lists', () => {
  it('newest: first on the first page, totals bumped', () => {
    const a = comment();
    const data = pages(page([a], 'x', 1), page([comment()], null, 1));
    const fresh = comment();
    assert.ok(insertIntoCommentList(data, fresh, 'newest'));
    assert.equal(data.pages[0]!.contents[0]!.content_uuid, fresh.content_uuid);
    assert.deepEqual(data.pages.map((p) => p.total_visible_content), [2, 2]);
  });

  it('oldest: last on the last page only when there is no next page', () => {
    const partial = pages(page([comment()], 'next'));
    assert.equal(insertIntoCommentList(partial, comment(), 'oldest'), false);
    assert.equal(partial.pages[0]!.contents.length, 1);
    const complete = pages(page([comment()], 'x'), page([comment()]));
    const fresh = comment();
    assert.ok(insertIntoCommentList(complete, fresh, 'oldest'));
    assert.equal(complete.pages[1]!.contents.at(-1)!.content_uuid, fresh.content_uuid);
  });

  it('is deduplicated by content_uuid', () => {
    const fresh = comment();
    const data = pages(page([comment()]));
    insertIntoCommentList(data, fresh, 'newest');
    assert.equal(insertIntoCommentList(data, { ...fresh }, 'newest'), false);
    assert.equal(data.pages[0]!.contents.length, 2);
    assert.equal(data.pages[0]!.total_visible_content, 2);
  });

  it('a reply joins its thread: appended to replies, counters bumped', () => {
    const thread = comment({ replies: [] });
    const data = pages(page([comment(), thread]));
    const r = reply(thread);
    assert.ok(insertIntoCommentList(data, r, 'newest'));
    assert.deepEqual(thread.replies!.map((c) => c.content_uuid), [r.content_uuid]);
    assert.equal(thread.total_replies, 1);
    assert.equal(thread.total_direct_replies, 1);
    assert.equal(data.pages[0]!.contents.length, 2, 'not a top-level entry');
    const nested = reply(thread, { parent_uuid: r.content_uuid });
    insertIntoCommentList(data, nested, 'newest');
    assert.equal(thread.total_replies, 2);
    assert.equal(thread.total_direct_replies, 1);
    assert.equal(thread.replies![0]!.total_direct_replies, 1);
  });

  it('a reply to a thread not in the list is ignored', () => {
    const data = pages(page([comment()]));
    assert.equal(insertIntoCommentList(data, reply(comment()), 'newest'), false);
  });

  it('thread reply pages get the reply appended once complete', () => {
    const thread = comment();
    const data = pages(page([reply(thread)]));
    const r = reply(thread);
    assert.ok(insertIntoThreadReplies(data, r));
    assert.equal(insertIntoThreadReplies(data, r), false);
    assert.equal(data.pages[0]!.contents.length, 2);
  });

  it('like toggles change total and actions once', () => {
    const c = comment({ total_likes: 3 });
    const data = pages(page([c]));
    updateComment(data, c.content_uuid, toggleReactionEdit('like', true));
    updateComment(data, c.content_uuid, toggleReactionEdit('like', true));
    assert.equal(c.total_likes, 4);
    assert.equal(c.actions.liked, true);
    updateComment(data, c.content_uuid, toggleReactionEdit('like', false));
    assert.equal(c.total_likes, 3);
  });

  it('dislike toggles change the dislike total and flag, never the likes', () => {
    const c = comment({ total_likes: 3, total_dislikes: 1 });
    const data = pages(page([c]));
    updateComment(data, c.content_uuid, toggleReactionEdit('dislike', true));
    updateComment(data, c.content_uuid, toggleReactionEdit('dislike', true));
    assert.deepEqual([c.total_dislikes, c.actions.disliked, c.total_likes], [2, true, 3]);
    updateComment(data, c.content_uuid, toggleReactionEdit('dislike', false));
    assert.deepEqual([c.total_dislikes, c.actions.disliked], [1, false]);
  });
});

describe('realtime events on cached pages', () => {
  const viewer = 'viewer-uuid';

  it('created: inserted by the posting rules, once', () => {
    const data = pages(page([comment()]));
    const c = comment();
    const created = event({ event: 'created', content_uuid: c.content_uuid, content: c });
    assert.ok(applyEventToPages(data, created, { sortedBy: 'newest' }, viewer));
    assert.equal(applyEventToPages(data, created, { sortedBy: 'newest' }, viewer), false);
    assert.deepEqual(uuids(data)[0]![0], c.content_uuid);
  });

  it('created reply: into its thread pages only', () => {
    const thread = comment();
    const data = pages(page([]));
    const r = reply(thread);
    const created = event({ content_uuid: r.content_uuid, content: r });
    assert.equal(applyEventToPages(data, created, { threadUuid: 'another' }, viewer), false);
    assert.ok(applyEventToPages(data, created, { threadUuid: thread.content_uuid }, viewer));
  });

  it('liked by someone else: total only; by the viewer: also actions.liked', () => {
    const thread = comment({ total_likes: 1 });
    const r = reply(thread, { total_likes: 0 });
    thread.replies = [r];
    const data = pages(page([thread]));
    applyEventToPages(data, event({ event: 'liked', content_uuid: r.content_uuid, total_likes: 5 }), { sortedBy: 'newest' }, viewer);
    assert.equal(r.total_likes, 5);
    assert.equal(r.actions.liked, false);
    applyEventToPages(
      data, event({ event: 'liked', content_uuid: thread.content_uuid, actor_uuid: viewer, total_likes: 2 }),
      { sortedBy: 'newest' }, viewer,
    );
    assert.equal(thread.total_likes, 2);
    assert.equal(thread.actions.liked, true);
    applyEventToPages(
      data, event({ event: 'unliked', content_uuid: thread.content_uuid, actor_uuid: viewer, total_likes: 1 }),
      { sortedBy: 'newest' }, viewer,
    );
    assert.equal(thread.actions.liked, false);
    assert.equal(thread.total_likes, 1);
  });
});
