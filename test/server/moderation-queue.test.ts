/**
 * The moderation queue's reads (docs/moderation.md "API"): who may read them, what each queue
 * lists with its filters and pages, the counts, the page search, and a report's reason.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageOption, QueueCounts } from '../../core/moderation/types.ts';
import { addOtherSite, call, OTHER_SITE } from './comment-calls.ts';
import { bearer, build, resultOf, signup, signupAs, SITE } from './helpers.ts';
import { counts, pageWithConversation, post, queue, queueCall, uuidsOf } from './moderation-queue-calls.ts';

describe('moderation queue: who may read it', () => {
  test('a guest (401), a reader (403) and another site’s moderator (403) get nothing; the site’s moderators and admins get the queue', async (t) => {
    const app = await build(t);
    const [mod, admin, reader] = [await signupAs(app, 'mod'), await signupAs(app, 'admin'), await signup(app)];
    const c = await pageWithConversation(app, mod.access_token, true);
    await post(app, reader.access_token, c, 'held words');
    await addOtherSite(app);
    resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name: 'elsewhere', email: 'mod@other.example', password: 'pw-elsewhere-secret', section: OTHER_SITE } }));
    await app.db.updateTable('users').set({ user_privilege: 'mod' }).where('email', '=', 'mod@other.example').execute();
    const other = resultOf<{ access_token: string }>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email: 'mod@other.example', password: 'pw-elsewhere-secret', section: OTHER_SITE } }));

    for (const [token, status] of [[undefined, 401], [reader.access_token, 403], [other.access_token, 403]] as const) {
      for (const url of ['/api/v2/moderation/counts', '/api/v2/moderation/queue/pending', '/api/v2/moderation/pages?q=page']) {
        const response = await app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}section=${SITE}`, headers: bearer(token) });
        assert.equal(response.statusCode, status, `${url} as ${token ? 'someone' : 'a guest'}`);
        assert.equal(JSON.parse(response.body).result, undefined, 'nothing returned');
      }
    }
    // The other site's moderator asking for their own site sees none of this site's items.
    assert.deepEqual(resultOf<{ items: unknown[] }>(await queueCall(app, other.access_token, 'pending', {}, OTHER_SITE)).items, []);
    assert.equal((await queue(app, mod.access_token, 'pending')).items.length, 1);
    assert.equal((await queue(app, admin.access_token, 'pending')).items.length, 1);
  });
});

describe('moderation queue: the queues', () => {
  test('pending, reported, unmoderated, approved, rejected and profiles each list their items, counted', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const heldPage = await pageWithConversation(app, mod.access_token, true, 'Held page');
    const openPage = await pageWithConversation(app, mod.access_token, false, 'Open page');
    const held = await post(app, ada.access_token, heldPage, 'waiting for a look');
    const shown = await post(app, ada.access_token, openPage, 'shown at once');
    const reported = await post(app, bob.access_token, openPage, 'rude words');
    const rejected = await post(app, bob.access_token, openPage, 'spam spam');
    resultOf(await call(app, 'POST', openPage, `comments/${reported.content_uuid}/flag`, ada.access_token, { reason: '  Insults   a reader ' }));
    resultOf(await call(app, 'POST', openPage, `moderation/${rejected.content_uuid}/spam`, mod.access_token));
    resultOf(await call(app, 'POST', openPage, `moderation/${shown.content_uuid}/enable`, mod.access_token));
    await app.db.updateTable('users').set({ username_pending: 'Bobby', username_moderation_status: 'pending' }).where('uuid', '=', bob.user.uuid).execute();

    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending')), [held.content_uuid]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'reported')), [reported.content_uuid]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'unmoderated')), [reported.content_uuid]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'approved')), [shown.content_uuid]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'rejected')), [rejected.content_uuid]);
    const profiles = resultOf<{ items: { uuid: string; username_pending: string; waiting: string[] }[] }>(await queueCall(app, mod.access_token, 'profiles'));
    assert.deepEqual(profiles.items.map((p) => [p.uuid, p.username_pending, p.waiting]), [[bob.user.uuid, 'Bobby', ['username']]]);
    assert.deepEqual(await counts(app, mod.access_token), { pending: 1, reported: 1, unmoderated: 1, approved: 1, rejected: 1, profiles: 1, notices: 0, appeals: 0 } satisfies QueueCounts & { notices: number; appeals: number });

    const [item] = (await queue(app, mod.access_token, 'reported')).items;
    assert.equal(item!.content, 'rude words');
    assert.equal(item!.kind, 'comment');
    assert.deepEqual(item!.reports, { count: 1, reasons: ['Insults a reader'] }, 'the reason, tidied; never who reported');
    assert.deepEqual(item!.reason, { rule: 'reports' });
    assert.deepEqual(item!.page, { uuid: item!.page.uuid, container_uuid: openPage.content_container_uuid, title: 'Open page', url: item!.page.url, section: null });
    assert.equal(item!.link, `${item!.page.url}?deeplink=${reported.content_uuid}`, 'the page with the conversation’s deep link');
    assert.equal(item!.author.uuid, bob.user.uuid);
    assert.deepEqual(item!.author.counts, { approved: 1, rejected: 1, reported: 1 });
    assert.ok(!('email' in item!.author), 'no private field of the author');
    const [spam] = (await queue(app, mod.access_token, 'rejected')).items;
    assert.deepEqual(spam!.decisions.map((d) => [d.action, d.actor?.name, d.state_before, d.state_after]), [['spam', mod.user.name, 'visible', 'spam']], 'the page’s own calls record their decisions too');
  });

  test('filters: kind, page, author, page section, text; newest or oldest; cursor pages; bad input 400', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const first = await pageWithConversation(app, mod.access_token, true, 'Budget vote');
    const second = await pageWithConversation(app, mod.access_token, true, 'Harbour news');
    await app.db.updateTable('pages').set({ section: 'politics' }).where('title', '=', 'Budget vote').execute();
    const posted = [];
    for (let i = 0; i < 5; i++) posted.push(await post(app, i % 2 ? bob.access_token : ada.access_token, i < 3 ? first : second, `comment ${i} ${i === 4 ? '100%_sure' : ''}`));
    const chat = resultOf<{ content_container_uuid: string }>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}`, payload: { container_id: 'mq-chat' } }));
    resultOf(await app.inject({ method: 'PUT', url: `/api/chat/${SITE}/${chat.content_container_uuid}`, headers: bearer(mod.access_token), payload: { is_premoderated: true } }));
    const message = resultOf<{ content_uuid: string }>(await app.inject({ method: 'POST', url: `/api/chat/${SITE}/${chat.content_container_uuid}/messages`, headers: bearer(ada.access_token), payload: { content: 'chat words' } }));
    const ids = posted.map((p) => p.content_uuid);

    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending')), [message.content_uuid, ...ids.toReversed()], 'every kind, newest first');
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { order: 'oldest' })), [...ids, message.content_uuid]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { kind: 'chat_message' })), [message.content_uuid]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { kind: 'comment' })), ids.toReversed());
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { container: first.content_container_uuid })), ids.slice(0, 3).toReversed());
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { author: bob.user.uuid })), [ids[3], ids[1]]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { container: first.content_container_uuid, author: bob.user.uuid })), [ids[1]]);
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { page_section: 'politics' })), ids.slice(0, 3).toReversed());
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { q: 'COMMENT 2' })), [ids[2]], 'text search ignores case');
    assert.deepEqual(uuidsOf(await queue(app, mod.access_token, 'pending', { q: '%_' })), [ids[4]], '% and _ are plain characters');

    // Pages of two: every item once, in order, then no cursor.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await queue(app, mod.access_token, 'pending', { limit: '2', ...(cursor ? { cursor } : {}) });
      assert.ok(page.items.length <= 2);
      seen.push(...uuidsOf(page));
      cursor = page.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, [message.content_uuid, ...ids.toReversed()]);

    for (const [query, field] of [[{ kind: 'poll' }, 'kind'], [{ limit: '101' }, 'limit'], [{ cursor: 'nope' }, 'cursor'], [{ order: 'best' }, 'order'], [{ author: 'x' }, 'author'], [{ extra: '1' }, 'extra']] as const) {
      const response = await queueCall(app, mod.access_token, 'pending', query);
      assert.equal(response.statusCode, 400, JSON.stringify(query));
      assert.match(response.body, new RegExp(field));
    }
    assert.equal((await queueCall(app, mod.access_token, 'everything')).statusCode, 400);
  });

  test('the page filter’s search finds pages by title; flags without a reason still count', async (t) => {
    const app = await build(t);
    const [mod, ada] = [await signupAs(app, 'mod'), await signup(app)];
    const budget = await pageWithConversation(app, mod.access_token, false, 'Budget vote tonight');
    await pageWithConversation(app, mod.access_token, false, 'Harbour news');
    const found = resultOf<PageOption[]>(await app.inject({ method: 'GET', url: '/api/v2/moderation/pages', headers: bearer(mod.access_token), query: { section: SITE, q: 'budget' } }));
    assert.deepEqual(found.map((p) => [p.container_uuid, p.kind, p.title]), [[budget.content_container_uuid, 'conversation', 'Budget vote tonight']]);

    const comment = await post(app, ada.access_token, budget, 'hm');
    resultOf(await call(app, 'POST', budget, `comments/${comment.content_uuid}/flag`, mod.access_token));
    const tooLong = await call(app, 'POST', budget, `comments/${comment.content_uuid}/flag`, ada.access_token, { reason: 'x'.repeat(201) });
    assert.equal(tooLong.statusCode, 400);
    const [item] = (await queue(app, mod.access_token, 'reported')).items;
    assert.deepEqual(item!.reports, { count: 1, reasons: [] });
  });
});
