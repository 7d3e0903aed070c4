/**
 * The content engine's answers carry only what their response schemas name (docs/api.md
 * "OpenAPI"): a hook plants an email, an IP, a password hash and a login id in every object of
 * every answer before it is serialised, as a careless presenter would, and none reaches the
 * reader; a reader never sees the moderators' flag count; the fields the widgets read survive.
 */
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { Comment, CommentProfile, Container } from '../../core/api/types.ts';
import { bearer, signup, signupAs, SITE } from './helpers.ts';
import { clean, leakyApp } from './support/plantedFields.ts';

/** How one kind names the engine's calls under `/{s}/{c}/` (server/kinds/…/policy.ts). */
interface KindPaths {
  base: string;
  roots: string;
  reply?: string;
  read?: string;
  remove: string;
  like: string;
  dislike: string;
  flag: string;
  /** Flags go on replies (a live blog flags readers' replies, not the editors' posts). */
  flagsReplies?: boolean;
  selection: string;
  pick?: string;
  pin?: [string, 'POST' | 'PUT'];
  settings: [string, 'POST' | 'PUT' | 'DELETE'][];
  /** Roots are the editors' (live-blog posts). */
  editorsRoots?: boolean;
  root: (n: number) => object;
}

const KINDS: Record<string, KindPaths> = {
  comments: {
    base: `/api/comments/${SITE}`, roots: 'comments', reply: 'comments/:id', read: 'comments/:id', remove: 'comments/:id',
    like: 'comments/:id/like', dislike: 'comments/:id/dislike', flag: 'comments/:id/flag', selection: 'selection',
    pick: 'comments/:id/pick', pin: ['content/:id/pin', 'POST'], settings: [['settings', 'POST'], ['settings', 'DELETE']],
    root: (n) => ({ content: `a comment ${n}` }),
  },
  liveblog: {
    base: `/api/liveblog/${SITE}`, roots: 'posts', reply: 'replies/:id', remove: 'posts/:id', like: 'likes/:id', dislike: 'dislikes/:id',
    flag: 'replies/:id/flags', flagsReplies: true, selection: 'selection', pick: 'posts/:id/pick', pin: ['posts/:id/pin', 'PUT'],
    settings: [['', 'PUT']], editorsRoots: true, root: (n) => ({ content: `a post ${n}` }),
  },
  chat: {
    base: `/api/chat/${SITE}`, roots: 'messages', reply: 'replies/:id', remove: 'messages/:id', like: 'messages/:id/like',
    dislike: 'messages/:id/dislike', flag: 'messages/:id/flag', selection: 'messages/selection',
    settings: [['', 'PUT'], ['settings/edit', 'DELETE']], root: (n) => ({ content: `a message ${n}` }),
  },
  reviews: {
    base: `/api/v2/reviews/${SITE}`, roots: 'reviews', remove: 'reviews/:id', like: 'reviews/:id/helpful', dislike: 'reviews/:id/unhelpful',
    flag: 'reviews/:id/flag', selection: 'selection', settings: [['settings', 'POST'], ['settings', 'DELETE']],
    root: (n) => ({ rating: 4, title: `a review ${n}`, content: 'good' }),
  },
};

const hasFlagCount = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(hasFlagCount) : !!value && typeof value === 'object' && ('total_flags' in value || Object.values(value).some(hasFlagCount));

/**
 * Every engine call of `kind`, as a reader, an author and a moderator: nothing planted gets out,
 * the reader never sees a flag count, and what the widgets read is there.
 */
async function walkKind(t: TestContext, name: string) {
  const kind = KINDS[name]!;
  const app = await leakyApp(t);
  const [author, reader, mod] = [await signup(app), await signup(app), await signupAs(app, 'mod')];
  const containerId = `${name}-private-fields`;
  const c = clean<Container>(await app.inject({ method: 'POST', url: kind.base, payload: { container_id: containerId } }), 'POST /{s}');
  const at = (path: string, id = '') => `${kind.base}/${c.content_container_uuid}${path ? `/${path.replace(':id', id)}` : ''}`;
  const call = (method: string, url: string, token?: string, payload?: object) =>
    app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const asReader = async (what: string, response: Promise<LightMyRequestResponse>) => {
    const result = clean<unknown>(await response, what);
    assert.ok(!hasFlagCount(result), `${what}: a reader is sent no flag count`);
    return result;
  };

  const rootAuthor = kind.editorsRoots ? mod : author;
  const root = clean<Comment>(await call('POST', at(kind.roots), rootAuthor.access_token, kind.root(1)), `POST ${kind.roots}`);
  assert.equal(root.actor.name, rootAuthor.user.name);
  const reply = kind.reply
    ? clean<Comment>(await call('POST', at(kind.reply, root.content_uuid), reader.access_token, { content: 'an answer' }), 'POST reply')
    : clean<Comment>(await call('POST', at(kind.roots), reader.access_token, kind.root(2)), `POST ${kind.roots} (a second)`);
  const flagged = kind.flagsReplies ? reply : root;
  const flagger = kind.flagsReplies ? author : reader;
  clean(await call('POST', at(kind.flag, flagged.content_uuid), flagger.access_token), 'flag');

  for (const path of [kind.like, kind.dislike]) {
    for (const method of ['POST', 'DELETE']) await asReader(`${method} ${path}`, call(method, at(path, root.content_uuid), reader.access_token));
  }
  const first = await asReader('GET /{s}', call('GET', `${kind.base}?container_id=${containerId}`, reader.access_token)) as { contents: Comment[]; content_container_uuid: string };
  assert.equal(first.content_container_uuid, c.content_container_uuid);
  assert.ok(first.contents.some((item) => item.content_uuid === root.content_uuid && item.actor.name === rootAuthor.user.name), 'the list shows the item and its author');
  await asReader('GET roots', call('GET', at(kind.roots), reader.access_token));
  await asReader('GET direct', call('GET', at('content/:id/direct', root.content_uuid), reader.access_token));
  await asReader('GET selection', call('GET', `${at(kind.selection)}?uuids=${root.content_uuid},${reply.content_uuid}`, reader.access_token));
  await asReader('GET signature', call('GET', at('signature'), reader.access_token));
  if (kind.read) await asReader('GET one', call('GET', at(kind.read, flagged.content_uuid), reader.access_token));
  if (kind.reply) {
    const edited = clean<Comment>(await call('POST', at('content/:id/edit', reply.content_uuid), reader.access_token, { content: 'an answer, edited' }), 'edit');
    assert.deepEqual([edited.content, edited.is_edited], ['an answer, edited', true]);
  }
  const spare = clean<Comment>(await call('POST', at(kind.roots), mod.access_token, kind.root(3)), 'POST by a moderator');
  const removed = clean<{ state: string }>(await call('DELETE', at(kind.remove, spare.content_uuid), mod.access_token), 'remove');
  assert.equal(removed.state, 'deleted');
  const modView = clean<Comment>(await call('POST', at('moderation/:id/disable', flagged.content_uuid), mod.access_token), 'moderation');
  assert.equal(modView.total_flags, 1, 'a moderator sees the flag count');
  for (const action of ['enable', 'spam', 'unspam']) clean(await call('POST', at(`moderation/:id/${action}`, reply.content_uuid), mod.access_token), action);
  if (kind.pick) for (const method of ['POST', 'DELETE']) clean(await call(method, at(kind.pick, root.content_uuid), mod.access_token), `${method} pick`);
  if (kind.pin) for (const method of [kind.pin[1], 'DELETE']) clean(await call(method, at(kind.pin[0], root.content_uuid), mod.access_token), `${method} pin`);
  for (const [path, method] of kind.settings) clean(await call(method, at(path), mod.access_token, { is_closed: false }), `${method} settings`);
  return { app, c, at, call, asReader, root, reply, author, reader, mod };
}

describe('nothing private in the content engine’s answers', () => {
  test('comments: every call, and a user’s recent comments and profile', async (t) => {
    const { app, asReader, at, call, author, reader, mod } = await walkKind(t, 'comments');
    await asReader('container by id', app.inject({ url: `/api/comments/${SITE}/contentcontainer/id?container_id=comments-private-fields`, headers: bearer(reader.access_token) }));
    const log = await asReader('events', call('GET', `${at('events')}?after=0`, reader.access_token)) as { events: { event: string; seq: number; content?: Comment }[] };
    assert.deepEqual(log.events.map((e) => e.seq), log.events.map((_e, i) => i + 1), 'the catch-up log, in order');
    assert.equal(log.events.find((e) => e.event === 'created')?.content?.content, 'a comment 1');
    await asReader('recent', app.inject({ url: `/api/comments/${SITE}/${author.user.uuid}/recent`, headers: bearer(reader.access_token) }));
    // The profile is a person's public face: their email is not in it even for themselves or a moderator.
    for (const [who, token] of [['the user', author.access_token], ['a moderator', mod.access_token]] as const) {
      const profile = clean<CommentProfile>(await app.inject({ url: `/api/comments/${SITE}/${author.user.uuid}/profile`, headers: bearer(token) }), `profile for ${who}`);
      assert.equal(profile.user.name, author.user.name);
      assert.equal(profile.comments_made, 1);
      assert.ok(!JSON.stringify(profile).includes(author.user.email!), `no email for ${who}`);
    }
  });

  test('live blogs: every call, the visible count and a post’s replies', async (t) => {
    const { asReader, at, call, root, reader } = await walkKind(t, 'liveblog');
    const count = await asReader('visible count', call('GET', at('posts/visible/count'), reader.access_token)) as { total_visible_content: number };
    assert.equal(count.total_visible_content, 1, 'the post (the removed one not counted)');
    const replies = await asReader('replies', call('GET', at('replies/:id', root.content_uuid), reader.access_token)) as { contents: Comment[] };
    assert.deepEqual(replies.contents.map((item) => item.content), ['an answer, edited']);
  });

  test('chats: every call', async (t) => {
    await walkKind(t, 'chat');
  });

  test('reviews: every call; a review keeps its stars and title', async (t) => {
    const { asReader, at, call, reader } = await walkKind(t, 'reviews');
    const page = await asReader('reviews', call('GET', at('reviews'), reader.access_token)) as { contents: (Comment & { rating: number; title: string })[] };
    assert.deepEqual(page.contents.map((review) => [review.rating, review.title]), [[4, 'a review 2']], 'the reader’s (the first was disabled)');
  });
});
