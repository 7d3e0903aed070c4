// Readers' mail end to end (issue 46), with the built client, the real server and a real SMTP
// server started by this file (test/server/smtpSink.ts): on the demo site with email verification
// switched on, a reader signs up on the demo article, opens the verification link from the mail
// the SMTP server received, and comments; another reader replies; the first reader's mail arrives
// with the one-click headers (RFC 8058) and a deep link to the reply; a one-click POST to its
// List-Unsubscribe address, as a mail client sends it (no cookies, no login), answers 200, and the
// next reply is not mailed. The outbox is known to be idle when a later, unrelated reply mail (to a
// third reader) has arrived: mails are claimed oldest first.
//
// The test server speaks http on 127.0.0.1, so VF_PUBLIC_URL (the unsubscribe links' origin) is
// its http origin here; production sets an https one (docs/server.md), as RFC 8058 asks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { AuthResult, Comment, ContainerWithPage } from '../../core/api/types.ts';
import { DEMO_ACCOUNTS } from '../../server/demo/index.ts';
import { openDatabase } from '../../server/storage/engine.ts';
import { freePort } from '../support/serve.mjs';
import { type ClosableSmtpSink, openSmtpSink, type ReceivedMail } from '../server/smtpSink.ts';
import { addressOf, browser, call, completeLogin, PASSWORD, server, SITE, signedInReader, useServerAndBrowser } from './setup.ts';

const CONTAINER_ID = 'demo-article-river-trees';
let sink: ClosableSmtpSink;

// The server's environment must name the sink and its own address before it starts: this file's
// hook runs before the suite's (useServerAndBrowser, called inside the describe below) and fills in
// the options that one reads.
const options = { port: 0, env: {} as Record<string, string> };
before(async () => {
  sink = await openSmtpSink();
  options.port = await freePort();
  Object.assign(options.env, { SMTP_URL: sink.url, VF_PUBLIC_URL: `http://127.0.0.1:${options.port}` });
});
after(() => sink?.close());

/** The first mail to `address` after the first `skip` mails, once it has arrived (sink.nth fails after 15 s). */
async function mailTo(address: string, skip = 0): Promise<{ mail: ReceivedMail; n: number }> {
  for (let n = skip + 1; ; n++) {
    const mail = await sink.nth(n);
    if (mail.to.includes(address)) return { mail, n };
  }
}

/** The page link a verification mail carries (its text part). */
function verificationLink(mail: ReceivedMail): URL {
  const href = /https?:\/\/\S+vtype=emailverification&vtoken=[\w-]+/.exec(mail.text)?.[0];
  assert.ok(href, `a verification link in: ${mail.text}`);
  return new URL(href);
}

async function setEmailVerification(on: boolean): Promise<void> {
  const admin = DEMO_ACCOUNTS.find((user) => user.user_privilege === 'admin')!;
  const { access_token } = await call<AuthResult>('POST', '/api/v2/users/login', undefined, { email: admin.email, password: admin.password });
  await call('POST', '/api/v2/settings', access_token, { enable_email_verification: on, verb: 'PATCH' });
}

/** React has the article's conversation, with its compose box. */
const widgetReady = (page: Page) =>
  page.waitForFunction(() => !!customElements.get('vf-conversations') && !!document.querySelector('vf-conversations')?.shadowRoot?.querySelector('textarea'), null, { timeout: 20_000 });

/** The article's comment with these words (the newest first). */
async function commentWith(words: string): Promise<Comment> {
  const list = await call<ContainerWithPage>('GET', `/api/comments/${SITE}?container_id=${CONTAINER_ID}&sorted_by=newest&limit=20`);
  const found = list.contents.find((comment) => comment.content === words);
  assert.ok(found, `a comment “${words}” on the article`);
  return found;
}

describe('a reader is mailed a reply, and one click stops the next', () => {
  useServerAndBrowser(options);

  it('verify, comment, get the reply by mail with the one-click headers; unsubscribe; the next reply is not mailed', async () => {
    // The replier exists before verification is on (a new, unverified account may post once only).
    const replier = await signedInReader('Rita Replier');
    await setEmailVerification(true);

    // Ada signs up on the article through the widget, as a reader does.
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.origin}/demo/article.html`);
    const widget = page.locator('vf-conversations');
    await widget.scrollIntoViewIfNeeded();
    await widgetReady(page);
    const name = 'Ada Mailreader';
    const email = addressOf(name);
    await widget.getByRole('button', { name: 'Sign up', exact: true }).click();
    await completeLogin(page, email, PASSWORD, name);

    // The verification mail reached the SMTP server; its link opens the article's verification modal.
    const verification = await mailTo(email);
    assert.match(verification.mail.subject, /Confirm your email address/);
    const link = verificationLink(verification.mail);
    assert.equal(`${link.origin}${link.pathname}`, `${server.origin}/demo/article.html`);
    await page.goto(link.href);
    const modal = page.locator('#vf-modal');
    await modal.getByText('Thank you! Your email address is confirmed.').waitFor();
    await modal.getByText('Close', { exact: true }).click(); // the outcome's button (the corner's × is named Close too)
    await page.getByRole('dialog', { name: 'Confirm your email address' }).waitFor({ state: 'detached' });

    // Ada comments on the article.
    await widgetReady(page);
    const box = widget.getByRole('textbox', { name: 'Write a comment' });
    await box.click();
    const words = 'The willows by the bridge need more water in August.';
    await page.keyboard.type(words);
    await widget.getByRole('button', { name: 'Post', exact: true }).click();
    await widget.getByRole('article', { name: `Comment by ${name}` }).getByText(words).waitFor();
    const adas = await commentWith(words);
    assert.equal(adas.actor.name, name);

    // Rita replies; Ada's mail arrives at the SMTP server.
    const comments = `/api/comments/${SITE}/${adas.content_container_uuid}/comments`;
    const reply = await call<Comment>('POST', `${comments}/${adas.content_uuid}`, replier.access_token, { content: 'Rita: the pumps run on Tuesdays.' });
    const { mail, n } = await mailTo(email, verification.n);
    assert.ok(mail.text.includes(`${replier.user.name} replied to your comment`), mail.text);
    assert.ok(mail.text.includes('Rita: the pumps run on Tuesdays.'), 'the reply’s words');
    assert.match(mail.text, new RegExp(`/demo/article\\.html#vf-${reply.content_uuid}`), 'a deep link to the reply on its page');
    const unsubscribe = /^<(http[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    assert.ok(unsubscribe && unsubscribe.startsWith(`${options.env['VF_PUBLIC_URL']}/api/v2/mail/unsubscribe?token=`), `List-Unsubscribe: ${mail.headers['list-unsubscribe']}`);
    assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');

    // One click, as a mail client sends it: a POST with that body, no cookies, no login.
    const clicked = await fetch(unsubscribe, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(clicked.status, 200);
    await clicked.body?.cancel();

    // Rita replies again: not mailed. Then a third reader, verified, gets a reply: once that mail
    // has arrived, the outbox has sent everything written before it.
    await call('POST', `${comments}/${adas.content_uuid}`, replier.access_token, { content: 'Rita again: and on Fridays.' });
    const carl = await signedInReader('Carl Control');
    const carlsVerification = await mailTo(carl.email, n);
    await call('POST', '/api/v2/account/verify', carl.access_token, { token: verificationLink(carlsVerification.mail).searchParams.get('vtoken') });
    const carls = await call<Comment>('POST', comments, carl.access_token, { content: 'Carl asks about the oaks.' });
    await call('POST', `${comments}/${carls.content_uuid}`, replier.access_token, { content: 'Rita answers Carl.' });
    const control = await mailTo(carl.email, carlsVerification.n);
    assert.ok(control.mail.text.includes('Rita answers Carl.'));
    assert.deepEqual(sink.mails.filter((m) => m.to.includes(email)).map((m) => m.subject.includes('Confirm') ? 'verification' : 'reply'), ['verification', 'reply'], 'no mail to Ada after the one click');
    // …and none is waiting: the outbox holds no row for Ada's second reply.
    const db = openDatabase({ engine: 'sqlite', file: `${server.dataDir}/vf.sqlite` });
    try {
      const rows = await db.selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'like', `reply:%:${adas.actor_uuid}`).execute();
      assert.deepEqual(rows.map((row) => row.dedupe_key), [`reply:${reply.content_uuid}:${adas.actor_uuid}`]);
    } finally {
      await db.destroy();
    }
    await setEmailVerification(false);
    await page.close();
  });
});
