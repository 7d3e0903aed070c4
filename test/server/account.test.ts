/**
 * Password reset and email verification (docs/api.md "Password reset and email verification"),
 * with mail delivered over SMTP to a real SMTP server on 127.0.0.1, and without SMTP into the
 * data folder and the /demo/mail page.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult, User } from '../../core/api/types.ts';
import { updateSiteSettings } from '../../server/engine/sites.ts';
import { bearer, build, container, resultOf, signup, SITE } from './helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers: bearer(token) });

/** The vtoken of the vtype link in a mail's text. */
function linkIn(text: string, vtype: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  assert.ok(match, `no link in: ${text}`);
  const url = new URL(match[0]);
  assert.equal(url.searchParams.get('vtype'), vtype);
  assert.match(url.searchParams.get('vtoken') ?? '', /^[\w-]{40,}$/);
  return url;
}
const tokenOf = (url: URL) => url.searchParams.get('vtoken')!;

async function withSmtp(t: Parameters<typeof build>[0]): Promise<{ app: FastifyInstance; sink: SmtpSink }> {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url });
  return { app, sink };
}

const emailOf = (auth: AuthResult) => auth.user.email!;

test('password reset: the mail comes over SMTP, its link sets a new password, signs in and ends old sessions', async (t) => {
  const { app, sink } = await withSmtp(t);
  const reader = await signup(app);
  const other = resultOf<AuthResult>(await post(app, 'users/login', { email: emailOf(reader), password: reader.password, section: SITE }));

  const asked = await post(app, 'account/password', { email: emailOf(reader), section: SITE, url: 'http://127.0.0.1:5173/article?page=2' });
  assert.deepEqual(resultOf(asked), {});
  const mail = await sink.nth(1);
  assert.deepEqual(mail.to, [emailOf(reader)]);
  assert.match(mail.subject, /Reset your password/);
  const link = linkIn(mail.text, 'reset');
  assert.equal(link.origin, 'http://127.0.0.1:5173');
  assert.equal(link.pathname, '/article');
  assert.equal(link.searchParams.get('page'), '2');

  const reset = resultOf<AuthResult>(await post(app, 'account/password/reset', { token: tokenOf(link), password: 'a brand new secret' }));
  assert.equal(reset.user.uuid, reader.user.uuid);
  assert.equal(resultOf<User>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(reset.access_token) })).uuid, reader.user.uuid);

  // Every older session is over: access tokens and refresh tokens alike.
  for (const old of [reader, other]) {
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(old.access_token) })).statusCode, 401);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v2/users/refreshusertoken', headers: bearer(old.refresh_token) })).statusCode, 401);
  }
  assert.equal((await post(app, 'users/login', { email: emailOf(reader), password: reader.password, section: SITE })).statusCode, 401);
  resultOf(await post(app, 'users/login', { email: emailOf(reader), password: 'a brand new secret', section: SITE }));

  const again = await post(app, 'account/password/reset', { token: tokenOf(link), password: 'yet another secret' });
  assert.equal(again.statusCode, 400);
  assert.deepEqual(again.json(), { error_status: 400, message: 'This link was already used. Ask for a new one.', field: 'token' });
});

test('password reset: an expired link is refused and the password stays', async (t) => {
  const { app, sink } = await withSmtp(t);
  const reader = await signup(app);
  resultOf(await post(app, 'account/password', { email: emailOf(reader), section: SITE }));
  const link = linkIn((await sink.nth(1)).text, 'reset');
  // The link is an hour old: move its expiry into the past rather than wait.
  await app.db.updateTable('account_tokens').set({ date_expires: Date.now() - 1 }).execute();

  const expired = await post(app, 'account/password/reset', { token: tokenOf(link), password: 'a brand new secret' });
  assert.equal(expired.statusCode, 400);
  assert.equal(expired.json().message, 'This link has expired. Ask for a new one.');
  resultOf(await post(app, 'users/login', { email: emailOf(reader), password: reader.password, section: SITE }));

  const unknown = await post(app, 'account/password/reset', { token: 'A'.repeat(43), password: 'a brand new secret' });
  assert.equal(unknown.statusCode, 400);
  assert.equal(unknown.json().message, 'This link is not valid. Ask for a new one.');
});

test('password reset: a later reset link retires the earlier ones once a password is set', async (t) => {
  const { app, sink } = await withSmtp(t);
  const reader = await signup(app);
  resultOf(await post(app, 'account/password', { email: emailOf(reader), section: SITE }));
  resultOf(await post(app, 'account/password', { email: emailOf(reader), section: SITE }));
  const first = linkIn((await sink.nth(1)).text, 'reset');
  const second = linkIn((await sink.nth(2)).text, 'reset');
  resultOf(await post(app, 'account/password/reset', { token: tokenOf(second), password: 'a brand new secret' }));
  assert.equal((await post(app, 'account/password/reset', { token: tokenOf(first), password: 'sneaky other secret' })).statusCode, 400);
});

test('password reset: an unknown email gets the same answer and no mail; a foreign page address is not used', async (t) => {
  const { app, sink } = await withSmtp(t);
  const reader = await signup(app);
  const known = await post(app, 'account/password', { email: emailOf(reader), section: SITE, url: 'https://evil.example/phish' });
  const unknown = await post(app, 'account/password', { email: 'nobody-here@example.test', section: SITE });
  assert.equal(unknown.statusCode, known.statusCode);
  assert.equal(unknown.body, known.body);
  await app.mail.idle();
  assert.equal(sink.mails.length, 1);
  assert.deepEqual(sink.mails[0]!.to, [emailOf(reader)]);
  // Not the foreign host: the site's first domain.
  assert.equal(linkIn(sink.mails[0]!.text, 'reset').origin, 'https://127.0.0.1');
});

test('password reset: too many requests for one email get 429 with Retry-After (an email without an account too)', async (t) => {
  const { app } = await withSmtp(t);
  const payload = { email: 'Someone@Example.test', section: SITE };
  for (let i = 0; i < 5; i++) resultOf(await post(app, 'account/password', payload));
  const refused = await post(app, 'account/password', { ...payload, email: 'someone@example.test' });
  assert.equal(refused.statusCode, 429);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.match(refused.json().message, /Too many attempts/);
});

test('password reset: bad input is a 400 naming the field, and nothing is changed', async (t) => {
  const app = await build(t);
  const reader = await signup(app);
  const cases: [string, object, string][] = [
    ['account/password', { email: emailOf(reader) }, 'section'],
    ['account/password', { email: 'not an email', section: SITE }, 'email'],
    ['account/password', { email: emailOf(reader), section: SITE, admin: true }, 'admin'],
    ['account/password/reset', { token: 'A'.repeat(43), password: 'short' }, 'password'],
    ['account/password/reset', { token: '<script>', password: 'long enough secret' }, 'token'],
    ['account/verify', {}, 'token'],
  ];
  for (const [url, payload, field] of cases) {
    const response = await post(app, url, payload);
    assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(payload)}`);
    assert.equal(response.json().field, field);
  }
  assert.equal(await app.db.selectFrom('account_tokens').select('token_hash').executeTakeFirst(), undefined);
});

test('email verification: signup is pending_new and mailed; the first comment is allowed, then verification is needed', async (t) => {
  const { app, sink } = await withSmtp(t);
  await updateSiteSettings(app.db, SITE, { enable_email_verification: true });
  const reader = await signup(app);
  assert.equal(reader.user.email_verification_status, 'pending_new');
  const first = await sink.nth(1);
  assert.match(first.subject, /Confirm your email address/);
  const link = linkIn(first.text, 'emailverification');

  const { content_container_uuid: where } = await container(app);
  const comment = (text: string) => post(app, `../comments/${SITE}/${where}/comments`, { content: text }, reader.access_token);
  resultOf(await comment('My first comment'));
  const refused = await comment('My second comment');
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().message, 'Verify your email address first');

  resultOf(await post(app, 'account/verify/resend', {}, reader.access_token));
  linkIn((await sink.nth(2)).text, 'emailverification');

  const verified = resultOf<{ email_verification_status: string; user: User | null }>(await post(app, 'account/verify', { token: tokenOf(link) }, reader.access_token));
  assert.equal(verified.email_verification_status, 'approved');
  assert.equal(verified.user?.email_verification_status, 'approved');
  resultOf(await comment('My second comment'));
  assert.equal((await post(app, 'account/verify', { token: tokenOf(link) })).statusCode, 400);
  assert.equal((await post(app, 'account/verify/resend', {}, reader.access_token)).statusCode, 409);
});

test('email verification: opened while signed out, the link verifies without handing out the account', async (t) => {
  const { app, sink } = await withSmtp(t);
  await updateSiteSettings(app.db, SITE, { enable_email_verification: true });
  const reader = await signup(app);
  const link = linkIn((await sink.nth(1)).text, 'emailverification');
  const verified = resultOf<{ user: User | null }>(await post(app, 'account/verify', { token: tokenOf(link) }));
  assert.equal(verified.user, null);
  const me = resultOf<User>(await app.inject({ method: 'GET', url: '/api/v2/users/current', headers: bearer(reader.access_token) }));
  assert.equal(me.email_verification_status, 'approved');
  assert.equal((await post(app, 'account/verify/resend', {})).statusCode, 401);
});

test('email verification: off by default, so a signup is not mailed and its status is none', async (t) => {
  const { app, sink } = await withSmtp(t);
  const reader = await signup(app);
  assert.equal(reader.user.email_verification_status, 'none');
  await app.mail.idle();
  assert.equal(sink.mails.length, 0);
  assert.equal((await post(app, 'account/verify/resend', {}, reader.access_token)).statusCode, 409);
});

test('without SMTP_URL, mails are JSON files in the data folder, listed newest first at /demo/mail', async (t) => {
  const app = await build(t);
  assert.notEqual(app.mail.target, 'smtp');
  const folder = (app.mail.target as { folder: string }).folder;
  const reader = await signup(app);
  resultOf(await post(app, 'account/password', { email: emailOf(reader), section: SITE, url: 'http://localhost:8080/old' }));
  await app.mail.idle();
  resultOf(await post(app, 'account/password', { email: emailOf(reader), section: SITE, url: 'http://localhost:8080/a?x=<b>' }));
  await app.mail.idle();
  const files = readdirSync(folder);
  assert.equal(files.length, 2);
  const stored = JSON.parse(readFileSync(join(folder, files[0]!), 'utf8')) as Record<string, string>;
  assert.deepEqual(Object.keys(stored).sort(), ['date', 'html', 'subject', 'text', 'to']);
  assert.equal(stored['to'], emailOf(reader));

  const page = await app.inject({ method: 'GET', url: '/demo/mail' });
  assert.equal(page.statusCode, 200);
  assert.match(page.headers['content-type'] as string, /text\/html/);
  assert.ok(!page.body.includes('<b>'), 'the address is escaped');
  const hrefs = [...page.body.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  assert.equal(hrefs.length, 2);
  assert.deepEqual(hrefs.map((href) => new URL(href).pathname), ['/a', '/old'], 'newest first');
  const link = linkIn(hrefs[0]!, 'reset');
  assert.equal(link.origin, 'http://localhost:8080');
  resultOf(await post(app, 'account/password/reset', { token: tokenOf(link), password: 'from the demo page' }));
});

test('with SMTP_URL set, /demo/mail is not served', async (t) => {
  const { app } = await withSmtp(t);
  assert.equal((await app.inject({ method: 'GET', url: '/demo/mail' })).statusCode, 404);
});
