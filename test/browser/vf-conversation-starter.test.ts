/** <vf-conversation-starter> against the real server: when it shows, what it says, where it leads. */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { getContainer, newReader, seedConversation, setContainerSettings, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, buttonByText, shadow, waitFor } from './support/dom.ts';
import { getStore } from '../../core/store/index.ts';
import { commentQueriesApi } from '../../core/api/comments.ts';
import { loggedIn, loggedOut } from '../../core/session/slice.ts';
import '../../elements/vf-conversation-starter/define.ts';
import '../../elements/vf-conversations/define.ts';
import { starterShows } from '../../elements/vf-conversation-starter/starterRules.ts';
import type { Container, User } from '../../core/api/types.ts';

let reader: Reader;

before(async () => {
  await bootCore();
  reader = await newReader('Starter Reader');
});

const seed = (id: string, n: number) => seedConversation(reader, id, n);

async function mount(markup: string): Promise<HTMLElement> {
  const wrapper = await fixture<HTMLElement>(html`<div></div>`);
  wrapper.innerHTML = markup;
  return wrapper.querySelector('vf-conversation-starter') as HTMLElement;
}

/** Waits until the element has read its container and decided to show nothing. */
const empty = (el: HTMLElement) => waitUntil(() => el.getAttribute('data-vf-state') === 'empty', 'empty');

const title = (el: Element) => $(el, '[part="title"]')?.textContent ?? null;

describe('<vf-conversation-starter>', () => {
  describe('minimum-comment-count', () => {
    it('stays empty below 5 comments by default and shows from 5 on', async () => {
      const few = unique('starter-few');
      await seed(few, 4);
      const hidden = await mount(`<vf-conversation-starter vf-container-id="${few}"></vf-conversation-starter>`);
      await empty(hidden);
      expect(shadow(hidden).textContent).to.equal('');

      const enough = unique('starter-enough');
      await seed(enough, 5);
      const shown = await mount(`<vf-conversation-starter vf-container-id="${enough}"></vf-conversation-starter>`);
      await waitUntil(() => title(shown) === 'What do you think?', 'default title');
      expect($(shown, '[part="count"]')!.textContent).to.equal('5 comments');
    });

    it('takes a numeric string, and reads anything else as 5', async () => {
      const id = unique('starter-min');
      await seed(id, 2);
      const two = await mount(`<vf-conversation-starter minimum-comment-count="2" vf-container-id="${id}"></vf-conversation-starter>`);
      await waitUntil(() => title(two) !== null, 'shown at its minimum of 2');

      const junk = await mount(`<vf-conversation-starter minimum-comment-count="lots" vf-container-id="${id}"></vf-conversation-starter>`);
      await empty(junk);
      expect(shadow(junk).textContent).to.equal('', '"lots" means 5');
      junk.setAttribute('minimum-comment-count', ' 1 ');
      await waitUntil(() => title(junk) !== null, 'shown once the minimum is 1');
    });
  });

  describe('a conversation nobody can join', () => {
    for (const setting of ['is_closed', 'is_hidden']) {
      it(`is not shown once a moderator sets ${setting}`, async () => {
        const id = unique('starter-shut');
        const container = await seed(id, 1);
        const el = await mount(`<vf-conversation-starter minimum-comment-count="1" vf-container-id="${id}"></vf-conversation-starter>`);
        await waitUntil(() => title(el) !== null, 'shown while open');
        await setContainerSettings(container.content_container_uuid, { [setting]: true });
        // The page learns of the change when it reads the container again.
        getStore().dispatch(commentQueriesApi.util.invalidateTags(['Container']));
        await empty(el);
        expect(shadow(el).textContent).to.equal('');
      });
    }
  });

  describe('title and description', () => {
    it('shows the publisher\'s prompt as text', async () => {
      const id = unique('starter-text');
      await seed(id, 1);
      const el = await mount(`<vf-conversation-starter minimum-comment-count="1" vf-container-id="${id}"
        title="Should the river path get lights?" description="&lt;b&gt;Tell us&lt;/b&gt; below."></vf-conversation-starter>`);
      await waitUntil(() => title(el) === 'Should the river path get lights?', 'title');
      expect($(el, '[part="description"]')!.textContent).to.equal('<b>Tell us</b> below.');
      expect($(el, 'b')).to.equal(null);
    });
  });

  describe('joining the conversation', () => {
    it('scrolls to the target, focuses its compose box and fires vf-conversation-starter-activated', async () => {
      const id = unique('starter-join');
      await seed(id, 5);
      getStore().dispatch(loggedIn(reader.auth));
      try {
        const wrapper = await fixture<HTMLElement>(html`<div></div>`);
        wrapper.innerHTML = `<vf-conversation-starter target="#story-comments"></vf-conversation-starter>
          <div style="height:3000px"></div><vf-conversations id="story-comments" vf-container-id="${id}"></vf-conversations>`;
        const el = wrapper.querySelector('vf-conversation-starter')!;
        const conversations = wrapper.querySelector('vf-conversations')!;
        // The starter reads the target's container.
        await waitUntil(() => $(el, '[part="count"]')?.textContent === '5 comments', 'target container read');
        const activated = oneEvent(el, 'vf-conversation-starter-activated');
        buttonByText(el, 'Join the conversation')!.click();
        expect((await activated).detail).to.deep.equal({ found: true });
        await waitUntil(() => shadow(conversations).activeElement?.localName === 'textarea', 'compose focused');
        expect(document.activeElement).to.equal(conversations);
      } finally {
        getStore().dispatch(loggedOut());
        window.scrollTo(0, 0);
      }
    });

    it('offers no button when the page has no such conversation', async () => {
      const id = unique('starter-no-target');
      await seed(id, 1);
      const el = await mount(`<vf-conversation-starter target="#nowhere" minimum-comment-count="1" vf-container-id="${id}"></vf-conversation-starter>`);
      await waitUntil(() => title(el) !== null, 'shown');
      expect(buttonByText(el, 'Join the conversation')).to.equal(null);
    });
  });

  describe('states', () => {
    it('shows an error with Retry when the container cannot be read', async () => {
      const el = await mount(`<vf-conversation-starter vf-container-id="${'x'.repeat(201)}"></vf-conversation-starter>`);
      const error = await waitFor(() => $(el, '[part="error"]'), 'error');
      expect(error.textContent).to.contain("The conversation couldn't be loaded.");
      expect(buttonByText(el, 'Retry')).to.not.equal(null);
    });

    it('shows nothing for a conversation without comments when the minimum is 0, but the prompt', async () => {
      const id = unique('starter-zero');
      await getContainer(id);
      const el = await mount(`<vf-conversation-starter minimum-comment-count="0" vf-container-id="${id}"></vf-conversation-starter>`);
      await waitUntil(() => title(el) !== null, 'shown at 0');
      expect($(el, '[part="count"]')).to.equal(null, 'no "0 comments"');
    });
  });

  it('is accessible', async () => {
    const id = unique('starter-a11y');
    await seed(id, 1);
    const wrapper = await fixture<HTMLElement>(html`<div></div>`);
    wrapper.innerHTML = `<vf-conversation-starter target="#c" minimum-comment-count="1" vf-container-id="${id}"
      description="Tell us below."></vf-conversation-starter><div id="c"></div>`;
    const el = wrapper.querySelector('vf-conversation-starter')!;
    await waitFor(() => buttonByText(el, 'Join the conversation'), 'rendered');
    await expect(wrapper).to.be.accessible();
  });

  describe('rule', () => {
    const container = (total: number, settings: Partial<Container['settings']> = {}) =>
      ({ total_visible_content: total, settings: { is_hidden: false, is_closed: false, ...settings } }) as Container;
    const user = (privilege: User['user_privilege']) => ({ uuid: 'u', user_privilege: privilege }) as User;

    it('shows from the minimum on, never for a closed conversation, and a hidden one to moderators only', () => {
      expect(starterShows(container(4), null, 5)).to.equal(false);
      expect(starterShows(container(5), null, 5)).to.equal(true);
      expect(starterShows(container(9, { is_closed: true }), user('admin'), 5)).to.equal(false);
      expect(starterShows(container(9, { is_hidden: true }), user('user'), 5)).to.equal(false);
      expect(starterShows(container(9, { is_hidden: true }), user('mod'), 5)).to.equal(true);
    });
  });
});
