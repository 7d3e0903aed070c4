// The publisher's legal duties end to end (issue 45, docs/law.md), with the built client and the
// real server: a guest reports a reader's comment as illegal from the open article; the demo
// moderator removes it citing a law; its author reads the statement of reasons in the tray and
// appeals; the moderator who decided may not decide the appeal, the demo admin reinstates the
// comment and the guest's open article shows it again live; the reporter got the receipt and both
// outcomes by mail; the transparency report counts each step.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { AuthResult } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();
const SITE = DEMO_SITE.uuid;

async function call<T>(method: string, path: string, token?: string, body?: object): Promise<{ status: number; result: T }> {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify({ ...body, section: SITE }),
  });
  const json = (await response.json()) as { result: T };
  return { status: response.status, result: json.result };
}

async function login(email: string, password: string): Promise<AuthResult> {
  return (await call<AuthResult>('POST', '/api/v2/users/login', undefined, { email, password })).result;
}

/** The mail to `to` whose text has `text`, as /demo/mail lists it (mails are written in the background). */
async function mailTo(page: Page, to: string, text: string | RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await page.goto(`${server.origin}/demo/mail`);
    const mail = page.locator('li.mail').filter({ hasText: `To ${to}` }).filter({ hasText: text });
    if (await mail.count()) return (await mail.first().textContent()) ?? '';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with ${text}`);
}

/** The staging page's moderation queue, signed in as `email`, on the tab named `tab`. */
async function openQueue(email: string, password: string, tab: 'Notices' | 'Appeals'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}/demo/staging.html`);
  const queue = page.locator('vf-moderation-queue');
  await queue.getByRole('button', { name: 'Log in' }).click();
  await completeLogin(page, email, password);
  await queue.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  return page;
}

describe('the legal tools, from a notice to a reinstated comment', () => {
  it('a guest reports a comment as illegal, a moderator removes it citing a law, its author appeals from the tray, another moderator reinstates it live', async () => {
    const start = Date.now();
    const email = `noticed-${start}@example.com`;
    await call('POST', '/api/v2/users', undefined, { name: 'Noticed Author', email, password: 'correct horse battery' });
    const author = await login(email, 'correct horse battery');
    const container = (await call<{ content_container_uuid: string }>('GET', `/api/comments/${SITE}/contentcontainer/id?container_id=demo-article-river-trees`)).result;
    const text = `The mayor takes bribes, everyone knows it ${start}`;
    await call('POST', `/api/comments/${SITE}/${container.content_container_uuid}/comments`, author.access_token, { content: text });

    // A guest reads the article and reports the comment, keyboard-free but as a reader would.
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${server.origin}/demo/article.html`);
    await guest.locator('vf-conversations').scrollIntoViewIfNeeded();
    const comment = guest.getByRole('article', { name: 'Comment by Noticed Author' }).filter({ hasText: text });
    const conversation = guest.locator('vf-conversations');
    const heading = conversation.getByRole('heading', { name: /^\d+ comments$/ });
    const shown = Number.parseInt((await heading.textContent())!, 10);
    await comment.getByRole('button', { name: /^More actions/ }).first().click();
    await guest.getByRole('menuitem', { name: 'Report illegal content' }).click();
    const form = guest.getByRole('dialog', { name: 'Report illegal content' });
    await form.getByLabel('Kind of illegal content').selectOption('defamation');
    await form.getByLabel('Why is it illegal?').fill('It accuses the mayor of a crime with no proof at all.');
    await form.getByLabel('Your name').fill('Rita Reporter');
    const reporter = `rita-${start}@example.com`;
    await form.getByLabel('Your email').fill(reporter);
    await form.getByLabel(/accurate and made in good faith/).check();
    await form.getByRole('button', { name: 'Send notice' }).click();
    const reference = (await form.locator('.vf-notice__reference').textContent())!;
    assert.match(reference, /^N-[2-9A-Z]{8}$/);
    await form.getByText(`We sent a receipt to ${reporter}.`).waitFor();
    await form.getByRole('button', { name: /close/i }).first().click();

    // The moderator judges it illegal, citing defamation: the guest's open article drops it live.
    const mod = await openQueue('moderator@vf.local', 'moderator-demo-1', 'Notices');
    const notice = mod.locator('vf-moderation-queue article').filter({ hasText: `Notice ${reference}` });
    await notice.getByRole('button', { name: 'Illegal', exact: true }).click();
    await notice.locator('select[name="ground"]').selectOption('defamation');
    await notice.getByLabel('Explanation (optional)').fill('Section 185 of the Criminal Code: an unproven accusation of a crime.');
    await notice.getByRole('button', { name: 'Remove as illegal' }).click();
    await notice.getByText('Judged illegal by Demo Moderator.').waitFor();
    await comment.waitFor({ state: 'detached' });
    await conversation.getByRole('heading', { name: `${shown - 1} comments` }).waitFor();

    // Its author reads why in the tray, and appeals.
    const authorPage = await (await browser.newContext()).newPage();
    await authorPage.addInitScript(([access, refresh]) => {
      localStorage.setItem('vf.access_token', access!);
      localStorage.setItem('vf.refresh_token', refresh!);
    }, [author.access_token, author.refresh_token]);
    await authorPage.goto(`${server.origin}/demo/topics.html`);
    await authorPage.getByRole('button', { name: /^Open notifications/ }).first().click();
    const feed = authorPage.locator('#vf-feed');
    await feed.getByText('A decision was taken about your post: see why').click();
    await feed.getByText('Your post was removed as illegal content').waitFor();
    await feed.getByText('Illegal content: Defamation').waitFor();
    await feed.getByText(/Section 185 of the Criminal Code/).waitFor();
    await feed.getByLabel('Your appeal').fill('I can prove it: the court records are public.');
    await feed.getByRole('button', { name: 'Send appeal' }).click();
    await feed.getByText(/It is waiting for a moderator/).waitFor();

    // The moderator who decided may not decide the appeal; the demo admin reinstates the comment.
    const appeals = await openQueue('moderator@vf.local', 'moderator-demo-1', 'Appeals');
    const own = appeals.locator('vf-moderation-queue article').filter({ hasText: 'I can prove it' });
    await own.getByText('You took the decision appealed: another moderator must decide this appeal.').waitFor();
    const admin = await openQueue('admin@vf.local', 'admin-demo-1', 'Appeals');
    const appeal = admin.locator('vf-moderation-queue article').filter({ hasText: 'I can prove it' });
    await appeal.getByRole('button', { name: 'Reverse', exact: true }).click();
    await appeal.getByRole('button', { name: 'Reverse the decision' }).click();
    await appeal.getByText('Reversed by Demo Admin.').waitFor();
    // Back on the guest's open article, its count first; the comment waits behind "Show 1 new
    // comment", as any arrival does, so the list does not move under the reader.
    await conversation.getByRole('heading', { name: `${shown} comments` }).waitFor();
    await conversation.getByRole('button', { name: 'Show 1 new comment' }).click();
    await comment.waitFor();

    // The reporter got the receipt and both outcomes by mail.
    const mails = await browser.newPage();
    assert.match(await mailTo(mails, reporter, `Your notice of illegal content on`), new RegExp(reference));
    assert.match(await mailTo(mails, reporter, `Decision on your notice ${reference}`), /illegal/i);
    await mailTo(mails, reporter, `Your notice ${reference} on`);

    // The transparency report counts each step of this period.
    const { access_token: adminToken } = await login('admin@vf.local', 'admin-demo-1');
    const report = await fetch(`${server.origin}/api/v2/legal/transparency?section=${SITE}&from=${start}&to=${Date.now() + 1}&format=json`, { headers: { authorization: `Bearer ${adminToken}` } });
    assert.equal(report.status, 200);
    const figures = (await report.json()) as { notices: { received: number; decided_by_outcome: { illegal: number } }; actions: { by_restriction: Record<string, number> }; appeals: { received: number; reversed: number } };
    assert.equal(figures.notices.received, 1);
    assert.equal(figures.notices.decided_by_outcome.illegal, 1);
    assert.equal(figures.actions.by_restriction.removal, 1);
    assert.deepEqual([figures.appeals.received, figures.appeals.reversed], [1, 1]);
    for (const page of [guest, mod, authorPage, appeals, admin, mails]) await page.close();
  });
});
