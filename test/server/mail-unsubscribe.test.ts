/**
 * One-click unsubscribe (RFC 8058) and the email preferences API (docs/notifications.md "Email"):
 * the mail's List-Unsubscribe address switches that category off for that reader without a login,
 * after which the next reply is not mailed; a forged token, or one altered to name another reader
 * or category, is refused and changes nothing; the GET page is a plain form under a strict CSP;
 * `users/me/email-preferences` reads and validates changes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { MailPreferences } from '../../core/mail/types.ts';
import type { User } from '../../core/api/types.ts';
import { call } from './comment-calls.ts';
import { bearer, postComment, resultOf, SITE } from './helpers.ts';
import { mailWorld, outboxOf, pageConversation, reader } from './reader-mail-calls.ts';

const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

function unsubscribePath(listUnsubscribe: string | undefined): string {
  const match = /^<https:\/\/comments\.example\.test(\/api\/v2\/mail\/unsubscribe\?token=[^>]+)>$/.exec(listUnsubscribe ?? '');
  assert.ok(match, `List-Unsubscribe: ${listUnsubscribe}`);
  return match[1]!;
}

const preferences = async (app: FastifyInstance, token: string) =>
  resultOf<MailPreferences>(await app.inject({ method: 'GET', url: '/api/v2/users/me/email-preferences', query: { section: SITE }, headers: bearer(token) }));

/** The token with its payload re-encoded to name someone or something else, its signature kept. */
function altered(path: string, change: (payload: string) => string): string {
  const url = new URL(path, 'https://x.test');
  const [payload, signature] = url.searchParams.get('token')!.split('.');
  const forged = `${Buffer.from(change(Buffer.from(payload!, 'base64url').toString())).toString('base64url')}.${signature}`;
  url.searchParams.set('token', forged);
  return `${url.pathname}${url.search}`;
}

describe('one-click unsubscribe', () => {
  test('works without a login; the next reply is not mailed; forged and cross-reader tokens are refused', async (t) => {
    const { app, sink, mod } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const [alice, bob] = [await reader(app), await reader(app)];
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'Hello');
    const bobsRoot = await postComment(app, bob.access_token, c.content_container_uuid, 'Hello too');
    await postComment(app, bob.access_token, c.content_container_uuid, 'Reply one', root.content_uuid);
    const path = unsubscribePath((await sink.nth(1)).headers['list-unsubscribe']);

    // Another reader's uuid, or another category, under Alice's signature: refused, nothing changes.
    const asBob = altered(path, (p) => p.replace(alice.user.uuid, bob.user.uuid));
    const asPick = altered(path, (p) => p.replace(/:reply$/, ':pick'));
    const garbage = path.replace(/token=[^&]+/, 'token=AAAA.BBBB');
    for (const forged of [asBob, asPick, garbage]) {
      const answer = await app.inject({ method: 'POST', url: forged, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
      assert.equal(answer.statusCode, 400, forged);
    }
    assert.equal((await preferences(app, bob.access_token)).categories.reply, true);
    assert.deepEqual((await preferences(app, alice.access_token)).categories, { reply: true, pick: true, moderation: true, page_follow: true, liveblog_follow: true });

    // The one-click POST, as a mail client sends it: no login, 200, that category off for that reader only.
    const done = await app.inject({ method: 'POST', url: path, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual((await preferences(app, alice.access_token)).categories, { reply: false, pick: true, moderation: true, page_follow: true, liveblog_follow: true });
    assert.equal((await preferences(app, bob.access_token)).categories.reply, true);

    // The next reply to Alice is not mailed; a reply to Bob is (and arrives second).
    await postComment(app, bob.access_token, c.content_container_uuid, 'Reply two', root.content_uuid);
    await postComment(app, mod.access_token, c.content_container_uuid, 'To Bob', bobsRoot.content_uuid);
    assert.deepEqual((await sink.nth(2)).to, [bob.user.email]);
    assert.equal((await outboxOf(app, alice.user.uuid)).length, 1);
    // Her picks still come: only replies were switched off.
    resultOf(await call(app, 'POST', c, `comments/${root.content_uuid}/pick`, mod.access_token));
    assert.deepEqual((await sink.nth(3)).to, [alice.user.email]);
  });

  test('GET shows a plain form (no script) under a strict CSP, and a link to the preferences; a bad token gets a 400 page', async (t) => {
    const { app, sink } = await mailWorld(t);
    const { c } = await pageConversation(app, 'de-DE');
    const [alice, bob] = [await reader(app), await reader(app)];
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'Hallo');
    await postComment(app, bob.access_token, c.content_container_uuid, 'Antwort', root.content_uuid);
    const path = unsubscribePath((await sink.nth(1)).headers['list-unsubscribe']);
    const page = await app.inject({ method: 'GET', url: path });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.doesNotMatch(csp, /script-src/);
    assert.doesNotMatch(page.body, /<script/i);
    assert.match(page.body, /<form method="post" action="\?token=[^"]+"><input type="hidden" name="List-Unsubscribe" value="One-Click">/);
    assert.match(page.body, /Abbestellen/, 'in the page’s language');
    assert.match(page.body, /#vf-email-preferences/);
    assert.equal((await preferences(app, alice.access_token)).categories.reply, true, 'a GET changes nothing (link scanners open links)');
    const bad = await app.inject({ method: 'GET', url: '/api/v2/mail/unsubscribe?token=abc.def' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /not valid/);
    const noOneClick = await app.inject({ method: 'POST', url: path, headers: ONE_CLICK, payload: 'something=else' });
    assert.equal(noOneClick.statusCode, 400);
    assert.match(noOneClick.body, /Die Anfrage muss List-Unsubscribe=One-Click enthalten/, 'why, in the page’s language');
  });
});

describe('email preferences', () => {
  test('read, changed (PATCH, or POST with verb), validated; the user answer carries email_notice_frequency', async (t) => {
    const { app } = await mailWorld(t);
    const alice = await reader(app);
    const other = await reader(app);
    assert.equal(alice.user.email_notice_frequency, 'immediate');
    assert.deepEqual(await preferences(app, alice.access_token), {
      email_notice_frequency: 'immediate', categories: { reply: true, pick: true, moderation: true, page_follow: true, liveblog_follow: true },
    });
    const change = (method: 'PATCH' | 'POST', payload: object, token: string | null = alice.access_token) =>
      app.inject({ method, url: '/api/v2/users/me/email-preferences', headers: bearer(token ?? undefined), payload: { section: SITE, ...payload } });
    assert.deepEqual(resultOf(await change('PATCH', { email_notice_frequency: 'daily', categories: { pick: false } })), {
      email_notice_frequency: 'daily', categories: { reply: true, pick: false, moderation: true, page_follow: true, liveblog_follow: true },
    });
    assert.deepEqual(resultOf<MailPreferences>(await change('POST', { verb: 'PATCH', categories: { reply: false } })).categories, {
      reply: false, pick: false, moderation: true, page_follow: true, liveblog_follow: true,
    });
    for (const bad of [{ email_notice_frequency: 'weekly' }, { categories: { likes: true } }, { categories: { reply: 'no' } }, {}, { categories: {} }, { email_notice_frequency: 'off', extra: 1 }]) {
      const answer = await change('PATCH', bad);
      assert.equal(answer.statusCode, 400, JSON.stringify(bad));
    }
    assert.equal((await change('POST', { categories: { reply: true } })).statusCode, 400, 'POST needs verb PATCH');
    assert.equal((await change('PATCH', { email_notice_frequency: 'off' }, null)).statusCode, 401);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/me/email-preferences', query: { section: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' }, headers: bearer(alice.access_token) })).statusCode, 403);
    assert.equal((await preferences(app, alice.access_token)).email_notice_frequency, 'daily', 'nothing changed by the refused calls');
    assert.equal((await preferences(app, other.access_token)).email_notice_frequency, 'immediate');
    const me = resultOf<{ user: User }>(await app.inject({ method: 'POST', url: '/api/v2/bootstrap/v2', payload: { site_uuid: SITE }, headers: bearer(alice.access_token) }));
    assert.equal(me.user.email_notice_frequency, 'daily');
  });
});
