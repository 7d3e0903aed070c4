/**
 * A comment that changed after posting, as each viewer sees it (content.md §3, §4): readers lose
 * what moderation takes away, a removed comment with replies stays as a placeholder, moderators
 * keep everything with its reasons, and the viewer's own reactions survive a neutral copy.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyCommentChange, dropComments, reasonsFor, type CommentViewer } from '../../core/api/commentChanges.ts';
import { comment, page, pages, reply } from './helpers/fixtures.ts';

const reader: CommentViewer = { uuid: 'reader', privileged: false };
const moderator: CommentViewer = { uuid: 'mod', privileged: true };

describe('a changed comment in the cached pages', () => {
  it('an edit replaces the text and keeps the viewer’s own reaction and the embedded replies', () => {
    const thread = comment({ content: 'before', actions: { liked: true, disliked: false }, total_likes: 1 });
    const answer = reply(thread);
    thread.replies = [answer];
    thread.total_replies = 1;
    const data = pages(page([thread]));
    const neutral = { ...thread, content: 'after', is_edited: true, date_edited: 5, actions: { liked: false, disliked: false }, replies: undefined };
    assert.ok(applyCommentChange(data, neutral, reader, false));
    const cached = data.pages[0]!.contents[0]!;
    assert.equal(cached.content, 'after');
    assert.equal(cached.is_edited, true);
    assert.equal(cached.actions.liked, true);
    assert.deepEqual(cached.replies?.map((c) => c.content_uuid), [answer.content_uuid]);
  });

  it('disabled or spam: gone for readers (count down), kept with its reason for moderators', () => {
    for (const state of ['disabled', 'spam'] as const) {
      const a = comment();
      const readerData = pages(page([a, comment()], null, 2));
      applyCommentChange(readerData, { ...a, state }, reader, false);
      assert.equal(readerData.pages[0]!.contents.length, 1, state);
      assert.equal(readerData.pages[0]!.total_visible_content, 1, state);

      const modData = pages(page([{ ...a, state_reasons: ['actor_ghost_banned'] }], null, 1));
      applyCommentChange(modData, { ...a, state }, moderator, false);
      const kept = modData.pages[0]!.contents[0]!;
      assert.equal(kept.state, state);
      assert.deepEqual(kept.state_reasons, [state === 'spam' ? 'content_marked_as_spam' : 'content_disabled', 'actor_ghost_banned']);
    }
  });

  it('removed with replies: a placeholder without its text; without replies: gone', () => {
    const thread = comment({ content: 'secret', total_replies: 1, total_direct_replies: 1 });
    thread.replies = [reply(thread)];
    const lone = comment({ content: 'alone' });
    const data = pages(page([thread, lone], null, 3));
    applyCommentChange(data, { ...thread, state: 'deleted' }, reader, false);
    applyCommentChange(data, { ...lone, state: 'deleted' }, reader, false);
    assert.deepEqual(data.pages[0]!.contents.map((c) => [c.state, c.content]), [['deleted', '']]);
    assert.equal(data.pages[0]!.contents[0]!.replies?.length, 1);
  });

  it('a reply that is disabled leaves its thread and the thread’s count', () => {
    const thread = comment({ total_replies: 2 });
    const first = reply(thread);
    thread.replies = [first, reply(thread)];
    const data = pages(page([thread], null, 3));
    applyCommentChange(data, { ...first, state: 'disabled' }, reader, false);
    assert.equal(thread.replies.length, 1);
    assert.equal(thread.total_replies, 1);
    assert.equal(data.pages[0]!.total_visible_content, 2);
  });

  it('the author keeps seeing their own comment awaiting moderation; others do not', () => {
    const own = comment({ actor_uuid: 'reader' });
    const data = pages(page([own]));
    applyCommentChange(data, { ...own, state: 'awaiting_moderation' }, reader, false);
    assert.equal(data.pages[0]!.contents[0]!.state, 'awaiting_moderation');
    const other = pages(page([comment()]));
    applyCommentChange(other, { ...other.pages[0]!.contents[0]!, state: 'awaiting_moderation' }, reader, false);
    assert.equal(other.pages[0]!.contents.length, 0);
  });

  it('a comment not in the pages reports false (the caller inserts it when it became visible)', () => {
    assert.equal(applyCommentChange(pages(page([comment()])), comment(), reader, false), false);
  });

  it('muting drops every comment and reply of the author', () => {
    const thread = comment();
    thread.replies = [reply(thread, { actor_uuid: 'muted' })];
    thread.total_replies = 1;
    const data = pages(page([comment({ actor_uuid: 'muted' }), thread], null, 3));
    assert.ok(dropComments(data, (c) => c.actor_uuid === 'muted'));
    assert.deepEqual(data.pages[0]!.contents.map((c) => c.content_uuid), [thread.content_uuid]);
    assert.equal(thread.replies.length, 0);
    assert.equal(data.pages[0]!.total_visible_content, 1);
  });

  it('reasons: the state’s reason replaces the previous state’s, author reasons stay', () => {
    assert.deepEqual(reasonsFor('visible', ['content_disabled', 'actor_hide_banned']), ['actor_hide_banned']);
    assert.deepEqual(reasonsFor('spam', ['content_disabled']), ['content_marked_as_spam']);
  });
});
