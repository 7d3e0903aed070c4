// The demo live blog with an editor and a reader, each in their own browser: the editor
// publishes from the page, the reader sees the post arrive live and replies, and the editor sees
// the reply arrive. The live story on the demo home page follows the same live blog.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { browser, completeLogin, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

async function open(path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.origin}${path}`);
  return page;
}

/** The seeded live blog, shown: its posts listed. */
async function openLiveblog(): Promise<Page> {
  const page = await open('/demo/liveblog.html');
  await page.getByRole('list', { name: 'Latest posts' }).getByRole('article').first().waitFor();
  return page;
}

/** Logs in from a post's Reply (the login dialog opens for a guest); signs up when a name is given. */
async function signInFromReply(page: Page, post: Locator, email: string, password: string, name?: string): Promise<void> {
  await post.getByRole('button', { name: 'Reply', exact: true }).click();
  await completeLogin(page, email, password, name);
}

const firstPost = (page: Page) => page.getByRole('list', { name: 'Latest posts' }).getByRole('article').first();

describe('the demo live blog, an editor and a reader', () => {
  it('the editor publishes, the reader sees it live and replies, the editor sees the reply', async () => {
    const [editor, reader] = [await openLiveblog(), await openLiveblog()];
    const headline = `Mile 20: the leaders break away ${Date.now()}`;

    await signInFromReply(editor, firstPost(editor), 'moderator@vf.local', 'moderator-demo-1');
    const composer = editor.getByRole('textbox', { name: 'Write a post' });
    await composer.fill(`**${headline}**\n\n- Kimani leads\n- Ortiz 20 s behind`);
    await editor.getByRole('button', { name: 'Publish' }).click();
    const published = editor.getByRole('article', { name: 'Post by Demo Moderator' }).filter({ hasText: headline });
    await published.waitFor();
    assert.equal(await published.locator('strong').filter({ hasText: headline }).count(), 1, 'bold renders as bold');

    // The reader did not reload: the post arrives at the top of their list, once.
    const arrived = reader.getByRole('article', { name: 'Post by Demo Moderator' }).filter({ hasText: headline });
    await arrived.waitFor();
    assert.equal(await arrived.count(), 1);
    assert.equal(await arrived.getByRole('listitem').count(), 2, 'the list arrives as a list');
    assert.equal(await firstPost(reader).filter({ hasText: headline }).count(), 1, 'newest first');

    await signInFromReply(reader, arrived, `runner-${Date.now()}@example.com`, 'correct horse battery', 'Rita Runner');
    const replyBox = reader.getByRole('textbox', { name: 'Reply to Demo Moderator' });
    await replyBox.fill('Go Kimani!');
    await replyBox.press('Control+Enter');
    await arrived.getByRole('article', { name: 'Reply by Rita Runner' }).getByText('Go Kimani!').waitFor();

    // The editor's page counts the reply live; opening the replies shows it.
    const toggle = published.getByRole('button', { name: '1 reply' });
    await toggle.waitFor();
    await toggle.click();
    await published.getByRole('article', { name: 'Reply by Rita Runner' }).getByText('Go Kimani!').waitFor();

    // The home page's live story shows the same post among the latest, linking to the live blog.
    const home = await open('/demo/home.html');
    const story = home.locator('vf-live-story');
    await story.getByText(headline).waitFor();
    assert.equal(await story.getByRole('link').first().getAttribute('href').then((href) => href?.endsWith('/demo/liveblog.html')), true);
  });
});
