/**
 * `POST /api/v2/account/verify/resend` (docs/api.md "Password reset and email verification"): only
 * a signed-in reader whose address awaits confirmation gets a new link, mailed to their own
 * address over SMTP to a real SMTP server on 127.0.0.1; the answer says nothing else.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AuthResult, User } from '../../core/api/types.ts';
import { updateSiteSettings } from '../../server/engine/sites.ts';
import { bearer, build, resultOf, signup, SITE } from './helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url: `/api/v2/${url}`, payload, headers: bearer(token) });
const resend = (app: FastifyInstance, token: string | undefined, payload: object = {}) => post(app, 'account/verify/resend', payload, token);

/** The emailverification link in a mail's text. */
function verificationLink(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  assert.ok(match, `no link in: ${text}`);
  const url = new URL(match[0]);
  assert.equal(url.searchParams.get('vtype'), 'emailverification');
  return url;
}

/** The app on a site with email verification on, its mail going to a local SMTP server. */
async function verifyingSite(t: Parameters<typeof build>[0], env: Record<string, string> = {}): Promise<{ app: FastifyInstance; sink: SmtpSink }> {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url, ...env });
  await updateSiteSettings(app.db, SITE, { enable_email_verification: true });
  return { app, sink };
}

/** A new reader, pending_new, and the signup's verification mail already received. */
async function pendingReader(app: FastifyInstance, sink: SmtpSink): Promise<AuthResult> {
  // Counted before the signup: its mail is sent in the background and may arrive before the
  // signup's answer is read (counting after, the test waited for a mail that never came).
  const before = sink.mails.length;
  const reader = await signup(app);
  assert.equal(reader.user.email_verification_status, 'pending_new');
  await sink.nth(before + 1);
  return reader;
}

test('resend: a pending reader gets a new link at their own address, leading back to their page', async (t) => {
  const { app, sink } = await verifyingSite(t);
  const reader = await pendingReader(app, sink);
  const answer = await resend(app, reader.access_token, { url: 'http://127.0.0.1:5173/article?id=7' });
  assert.equal(answer.statusCode, 200);
  assert.deepEqual(answer.json(), { result: {} });

  const mail = await sink.nth(2);
  assert.deepEqual(mail.to, [reader.user.email]);
  assert.match(mail.subject, /Confirm your email address/);
  const link = verificationLink(mail.text);
  assert.equal(`${link.origin}${link.pathname}`, 'http://127.0.0.1:5173/article');
  assert.notEqual(link.searchParams.get('vtoken'), verificationLink(sink.mails[0]!.text).searchParams.get('vtoken'), 'a new token');

  const verified = resultOf<{ user: User | null }>(await post(app, 'account/verify', { token: link.searchParams.get('vtoken')! }, reader.access_token));
  assert.equal(verified.user?.email_verification_status, 'approved');
});

test('resend: a guest gets 401, a verified reader and a site without verification get 409, and no mail goes out', async (t) => {
  const { app, sink } = await verifyingSite(t);
  const reader = await pendingReader(app, sink);

  const guest = await resend(app, undefined);
  assert.equal(guest.statusCode, 401);

  const link = verificationLink(sink.mails[0]!.text);
  resultOf(await post(app, 'account/verify', { token: link.searchParams.get('vtoken')! }));
  const verified = await resend(app, reader.access_token);
  assert.equal(verified.statusCode, 409);
  assert.equal(verified.json().message, 'This email address needs no verification');

  await updateSiteSettings(app.db, SITE, { enable_email_verification: false });
  const other = await signup(app);
  assert.equal(other.user.email_verification_status, 'none');
  assert.equal((await resend(app, other.access_token)).statusCode, 409);

  await app.mail.idle();
  assert.equal(sink.mails.length, 1, 'only the signup mail');
});

test('resend: no other account can be named, so nothing about one is revealed', async (t) => {
  const { app, sink } = await verifyingSite(t);
  const reader = await pendingReader(app, sink);
  const other = await pendingReader(app, sink);

  const named = await resend(app, reader.access_token, { email: other.user.email });
  assert.equal(named.statusCode, 400);
  assert.equal(named.json().field, 'email');
  const foreign = await resend(app, reader.access_token, { url: 'https://evil.example/phish' });
  assert.deepEqual(foreign.json(), { result: {} });

  await app.mail.idle();
  assert.equal(sink.mails.length, 3);
  const last = sink.mails[2]!;
  assert.deepEqual(last.to, [reader.user.email], 'mailed to the caller only');
  // Not the foreign host: the site's first domain.
  assert.equal(verificationLink(last.text).origin, 'https://127.0.0.1');
});

test('resend: past the per-email limit the answer is 429 with Retry-After, and no more mail', async (t) => {
  const { app, sink } = await verifyingSite(t, { VF_AUTH_LIMIT_PER_EMAIL: '3', VF_AUTH_LIMIT_PER_IP: '0' });
  const reader = await pendingReader(app, sink);
  for (let i = 0; i < 3; i++) resultOf(await resend(app, reader.access_token));
  const refused = await resend(app, reader.access_token);
  assert.equal(refused.statusCode, 429);
  assert.ok(Number(refused.headers['retry-after']) > 0);
  assert.match(refused.json().message, /Too many attempts/);
  await app.mail.idle();
  assert.equal(sink.mails.length, 4, 'the signup mail and three resends');
});
