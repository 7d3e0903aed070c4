/**
 * "All comments" / "Editor's picks" tabs against the real server: the picks tab shows once the
 * picks reach featured-tab-active-threshold, lists picks only (filtered_by=featured_threads),
 * and works from the keyboard.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { newReader, postComment, getContainer, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, $$, shadow, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import { pickComment } from './support/moderation.ts';
import '../../elements/vf-conversations/define.ts';

let ada: Reader;

before(async () => {
  await bootCore();
  ada = await newReader('Ada Lovelace');
});

const topLevelTexts = (el: Element) => $$(el, '.vf-thread > .vf-comment .vf-comment__text').map((t) => t.textContent ?? '');
// Scoped: the login dialog has tabs of its own.
const tabs = (el: Element) => $$<HTMLButtonElement>(el, '[part~="toolbar"] [role="tab"]');

/** A conversation of `n` comments ("Comment 1" … "Comment n") with the given ones picked. */
async function conversation(n: number, picked: number[]): Promise<string> {
  const id = unique('picks');
  const container = await getContainer(id);
  for (let i = 1; i <= n; i++) {
    const comment = await postComment(ada, container.content_container_uuid, `Comment ${i}`);
    if (picked.includes(i)) await pickComment(container.content_container_uuid, comment.content_uuid);
  }
  return id;
}

const mount = mountConversations;

describe('<vf-conversations> tabs', () => {
  it('with enough picks, "Editor\'s picks" lists the picks only; arrow keys switch tabs', async () => {
    const id = await conversation(4, [1, 3]);
    const el = await mount(id, 'featured-tab-active-threshold="2"');
    await waitUntil(() => tabs(el).length === 2, 'two tabs');
    expect(tabs(el).map((t) => t.textContent)).to.deep.equal(['All comments', "Editor's picks"]);
    expect(tabs(el)[0]!.getAttribute('aria-selected')).to.equal('true');
    await waitUntil(() => topLevelTexts(el).length === 4, 'all four');

    tabs(el)[1]!.click();
    await waitUntil(() => topLevelTexts(el).join() === 'Comment 3,Comment 1', 'the picks, newest first');
    const panel = $(el, '.vf-panel > [role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).to.equal(tabs(el)[1]!.id);
    await expect(el).to.be.accessible();

    tabs(el)[1]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => tabs(el)[0]!.getAttribute('aria-selected') === 'true', 'back on All comments');
    expect(shadow(el).activeElement === tabs(el)[0]).to.equal(true, 'focus follows the tab');
    await waitUntil(() => topLevelTexts(el).length === 4, 'all four again');
  });

  it('below the threshold there are no tabs, only the list', async () => {
    const id = await conversation(2, [1]);
    const el = await mount(id);
    await waitUntil(() => topLevelTexts(el).length === 2, 'both comments');
    expect($$(el, '[part~="toolbar"] [role="tablist"]').length).to.equal(0);
    el.setAttribute('featured-tab-active-threshold', '1');
    await waitUntil(() => tabs(el).length === 2, 'a lower threshold shows the tabs');
    el.removeAttribute('featured-tab-active-threshold');
    await waitUntil(() => tabs(el).length === 0, 'the default (3) hides them again');
  });

  it('sort="featured" opens on the Editor\'s picks tab', async () => {
    const id = await conversation(3, [2]);
    const el = await mount(id, 'sort="featured" featured-tab-active-threshold="1"');
    await waitFor(() => tabs(el)[1]?.getAttribute('aria-selected') === 'true', 'picks tab selected');
    await waitUntil(() => topLevelTexts(el).join() === 'Comment 2', 'only the pick');
  });
});
