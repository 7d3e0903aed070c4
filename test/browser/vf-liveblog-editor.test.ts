/**
 * <vf-liveblog> as an editor (the demo moderator, signed in on this page) against the real vf
 * server with a mock realtime feed: publishing with the formatting toolbar and an uploaded image,
 * editing, pinning and removing, and ending the live blog — every step by keyboard.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { unique } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, buttonByText, shadow, waitFor } from './support/dom.ts';
import { ctrlEnter } from './support/keys.ts';
import { logIn, logOut, MODERATOR } from './support/login.ts';
import { liveEvent, makeLiveblog, mountLive, seedLiveblog, unmountLive } from './support/liveblog.ts';
import { startMockFeed } from './support/realtime.ts';
import type { Comment } from '../../core/api/types.ts';
import '../../elements/vf-liveblog/define.ts';

const feed = startMockFeed();

before(async () => {
  await bootCore();
  await logIn(MODERATOR);
});
after(logOut);
afterEach(unmountLive);

const mount = (id: string) => mountLive('vf-liveblog', id);
const postTexts = (el: Element, list = 'list') => $$(el, `[part="${list}"] > li > .vf-post .vf-rich-text`).map((t) => t.textContent ?? '');
const postOf = (el: Element, text: string) => $$(el, '.vf-post').find((p) => p.querySelector('.vf-rich-text')?.textContent === text) ?? null;
const buttonIn = (root: Element, label: string) => [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent?.trim() === label) ?? null;

/** Focuses a button and activates it with the keyboard. */
async function press(button: HTMLElement | null, key = 'Enter') {
  if (!button) throw new Error('no such button');
  button.focus();
  await sendKeys({ press: key });
}

describe('<vf-liveblog> as an editor', () => {
  it('publishes a formatted post with an image, by keyboard; its realtime echo does not double it', async () => {
    const id = unique('lb-publish');
    const container = await makeLiveblog(id);
    const el = await mount(id);
    const field = await waitFor(() => $<HTMLTextAreaElement>(el, '[part="composer"] textarea'), 'composer');
    expect($(el, `label[for="${field.id}"]`)?.textContent).to.equal('Write a post');
    await expect(el).to.be.accessible();

    await press(buttonByText(el, 'Bold'));
    await waitUntil(() => field.value === '**text**' && field.selectionStart === 2 && field.selectionEnd === 6, 'placeholder inserted, selected');
    await sendKeys({ type: 'Kick-off' }); // types over the selected placeholder
    expect(field.value).to.equal('**Kick-off**');
    field.setSelectionRange(field.value.length, field.value.length);

    await press(buttonByText(el, 'Image'));
    const alt = await waitFor(() => $<HTMLInputElement>(el, '[part="image-upload"] input:not([type="file"])'), 'image form');
    await waitUntil(() => shadow(el).activeElement === alt, 'alt field focused');
    await sendKeys({ type: 'The teams line up' });
    const canvas = Object.assign(document.createElement('canvas'), { width: 40, height: 30 });
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const files = new DataTransfer();
    files.items.add(new File([blob], 'line-up.png', { type: 'image/png' }));
    $<HTMLInputElement>(el, '[part="image-upload"] input[type="file"]')!.files = files.files;
    await press(buttonByText(el, 'Upload and insert'));
    await waitUntil(() => /\n!\[The teams line up\]\(media:[0-9a-f-]{36}\)$/.test(field.value), 'image line inserted');

    field.focus();
    const published = oneEvent(el, 'vf-liveblog-post-published');
    await ctrlEnter();
    const post = (await published).detail.post as Comment;
    await waitUntil(() => $(el, '[part="list"] .vf-post strong')?.textContent === 'Kick-off', 'published at the top');
    const img = $<HTMLImageElement>(el, '[part="list"] img[part="post-image"]')!;
    expect([img.getAttribute('width'), img.getAttribute('height'), img.alt]).to.deep.equal(['40', '30', 'The teams line up']);
    await waitUntil(() => field.value === '', 'composer cleared');

    const sub = await waitFor(() => feed.subscriptionFor(container.content_container_uuid), 'subscribed');
    feed.send(sub, await liveEvent('created', post));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect($$(el, '[part="list"] .vf-post')).to.have.length(1, 'the echo of the own post is the same post');
    expect($(el, '[part="new-posts"]')).to.equal(null);
  });

  it('edits a post in place by keyboard', async () => {
    const id = unique('lb-edit');
    await seedLiveblog(id, ['Typo in teh post']);
    const el = await mount(id);
    await waitUntil(() => postTexts(el).length === 1, 'the post');
    await press(buttonIn(postOf(el, 'Typo in teh post')!, 'Edit'));
    const field = await waitFor(() => $<HTMLTextAreaElement>(el, '[part="post-edit"] textarea'), 'edit field');
    await waitUntil(() => shadow(el).activeElement === field, 'focused');
    expect(field.value).to.equal('Typo in teh post');
    field.select();
    await sendKeys({ type: 'No typo in the post' });
    await ctrlEnter();
    await waitUntil(() => postTexts(el)[0] === 'No typo in the post', 'edited');
    expect($(el, '.vf-post__edited')?.textContent).to.equal('(edited)');
  });

  it('pins and unpins by keyboard: the post moves to the pinned group and back', async () => {
    const id = unique('lb-pin');
    await seedLiveblog(id, ['Older', 'Newer']);
    const el = await mount(id);
    await waitUntil(() => postTexts(el).length === 2, 'two posts');
    await press(buttonIn(postOf(el, 'Older')!, 'Pin'));
    await waitUntil(() => postTexts(el, 'pinned')[0] === 'Older' && postTexts(el).length === 1, 'pinned on top');
    await expect(el).to.be.accessible();
    await press(buttonIn(postOf(el, 'Older')!, 'Unpin'));
    await waitUntil(() => postTexts(el).join() === 'Newer,Older' && !$(el, '[part="pinned"]'), 'back in the list');
  });

  it('removes a post after confirming, by keyboard (focus starts on Cancel)', async () => {
    const id = unique('lb-remove');
    await seedLiveblog(id, ['Keep me', 'Remove me']);
    const el = await mount(id);
    await waitUntil(() => postTexts(el).length === 2, 'two posts');
    await press(buttonIn(postOf(el, 'Remove me')!, 'Remove'));
    const confirm = await waitFor(() => $(el, '.vf-confirm'), 'confirmation');
    expect(confirm.textContent).to.contain("Remove this post? This can't be undone.");
    await waitUntil(() => shadow(el).activeElement?.textContent === 'Cancel', 'focus on Cancel');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !postTexts(el).includes('Remove me'), 'removed');
    expect(postTexts(el)).to.deep.equal(['Keep me']);
    expect($(el, '.vf-post__removed')?.textContent).to.equal('This post was removed.');
  });

  it('ends and reopens the live blog by keyboard; editors may still post when it has ended', async () => {
    const id = unique('lb-end');
    await seedLiveblog(id, ['Full time']);
    const el = await mount(id);
    await waitUntil(() => postTexts(el).length === 1, 'the post');
    await press(buttonByText(el, 'End the live blog'));
    const closed = await waitFor(() => $(el, '[part="closed"]'), 'ended');
    expect(closed.textContent).to.equal('This live blog has ended.');
    expect($(el, '[part="composer"] textarea')).to.not.equal(null, 'the composer stays');
    await expect(el).to.be.accessible();
    await press(buttonByText(el, 'Reopen the live blog'));
    await waitUntil(() => !$(el, '[part="closed"]'), 'open again');
  });
});
