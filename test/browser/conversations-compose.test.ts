/**
 * Posting states against the real server: a closed conversation, the author's own comment held
 * for moderation, anonymous guest comments, and a guest's like replayed after login.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { getContainer, newReader, postComment, unique, type Reader } from './support/api.ts';
import { bootCore } from './support/boot.ts';
import { $, typeInto, waitFor } from './support/dom.ts';
import { mountConversations } from './support/conversations.ts';
import { logIn, logOut } from './support/login.ts';
import { setContainerSettings, setSiteSettings } from './support/moderation.ts';
import { PENDING_REACTIONS_KEY, readPendingReactions } from '../../elements/ui/guestReactions.ts';
import '../../elements/vf-conversations/define.ts';

let ada: Reader;
let bob: Reader;

before(async () => {
  await bootCore();
  [ada, bob] = await Promise.all([newReader('Ada Lovelace'), newReader('Bob Babbage')]);
});

afterEach(async () => {
  await logOut().catch(() => undefined);
});

const mount = mountConversations;

async function post(el: HTMLElement, text: string): Promise<void> {
  const field = await waitFor(() => $<HTMLTextAreaElement>(el, '[part~="compose"] textarea'), 'compose');
  typeInto(field, text);
  $<HTMLButtonElement>(el, '[part~="compose"] button[type="submit"]')!.click();
}

describe('<vf-conversations> compose states', () => {
  it('a closed conversation says so instead of offering the compose box', async () => {
    const id = unique('closed');
    const container = await getContainer(id);
    await setContainerSettings(container.content_container_uuid, { is_closed: true });
    const el = await mount(id);
    const note = await waitFor(() => $(el, '[part="closed"]'), 'closed notice');
    expect(note.textContent).to.equal('The conversation is now closed.');
    expect($(el, 'textarea')).to.equal(null);
  });

  it('a moderator closing or reopening it elsewhere shows at once, live', async () => {
    const id = unique('live-close');
    const container = await getContainer(id);
    await logIn(ada);
    const el = await mount(id);
    await waitFor(() => $(el, '[part~="compose"] textarea'), 'compose');
    await setContainerSettings(container.content_container_uuid, { is_closed: true });
    await waitFor(() => $(el, '[part="closed"]'), 'closed notice from the realtime event');
    expect($(el, 'textarea')).to.equal(null);
    await setContainerSettings(container.content_container_uuid, { is_closed: false });
    await waitFor(() => $(el, '[part~="compose"] textarea'), 'compose again');
  });

  it('under premoderation the author sees their comment with "awaiting moderation"; others do not see it', async () => {
    const id = unique('premod');
    const container = await getContainer(id);
    await setContainerSettings(container.content_container_uuid, { is_premoderated: true });
    await logIn(ada);
    const el = await mount(id);
    await post(el, 'Held for review');
    const notice = await waitFor(() => $(el, '[part="held-notice"]'), 'held notice');
    expect(notice.textContent).to.equal('Awaiting moderation: only you can see this comment until a moderator approves it.');
    expect(notice.closest('li')?.querySelector('.vf-comment__text')?.textContent).to.equal('Held for review');
    expect($(el, '.vf-heading')?.textContent).to.equal('Comments', 'not counted as visible');

    await logOut();
    await logIn(bob);
    const other = await mount(id);
    await waitFor(() => $(other, '[part="empty"]'), 'another reader sees an empty conversation');
  });

  it('the author sees why their comment waits, and why automatic moderation rejected one; others see neither', async () => {
    const id = unique('automod');
    const container = await getContainer(id);
    await setContainerSettings(container.content_container_uuid, { is_premoderated: true });
    await logIn(ada);
    const el = await mount(id);
    await post(el, 'Held for review, again');
    const why = await waitFor(() => $(el, '[part="held-reason"]'), 'why it waits');
    expect(why.textContent).to.equal('A moderator checks every comment here first.');
    await setContainerSettings(container.content_container_uuid, { is_premoderated: false });
    // The demo site bans "scumbag" (server/demo/autoModeration.ts).
    await post(el, 'You utter scumbag');
    const rejected = await waitFor(() => [...el.shadowRoot!.querySelectorAll('[part="held-reason"][data-rule="banned_word"]')][0], 'why it was rejected');
    expect(rejected.textContent).to.equal('It contains “scumbag”, a word this site does not allow.');
    expect(rejected.previousElementSibling?.textContent).to.equal('Not published: only you can see this comment.');
    await expect(el).to.be.accessible();

    await logOut();
    await logIn(bob);
    const other = await mount(id);
    await waitFor(() => $(other, '[part="empty"]'), 'another reader sees neither');
  });

  describe('guest like replay', () => {
    it('a guest\'s like is kept for an hour and replayed about 1 s after login', async () => {
      const id = unique('replay');
      const container = await getContainer(id);
      await postComment(bob, container.content_container_uuid, 'Like me later');
      localStorage.setItem(PENDING_REACTIONS_KEY, '{not json'); // a broken entry is ignored, not fatal
      const el = await mount(id);
      (await waitFor(() => $<HTMLButtonElement>(el, '.vf-like'), 'like button')).click();
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), 'login dialog');
      dialog.close();
      const pending = readPendingReactions();
      expect(pending.map((p) => [p.containerUuid, p.reaction])).to.deep.equal([[container.content_container_uuid, 'like']]);

      await logIn(ada);
      const like = $<HTMLButtonElement>(el, '.vf-like')!;
      await waitUntil(() => like.getAttribute('aria-pressed') === 'true', 'like replayed', { timeout: 5000 });
      expect(like.getAttribute('aria-label')).to.equal("Like Bob Babbage's comment, 1 like");
      expect(localStorage.getItem(PENDING_REACTIONS_KEY)).to.equal(null, 'taken once replayed');
    });

    it('entries older than an hour or malformed are dropped', () => {
      const uuid = () => crypto.randomUUID();
      const entry = { sectionUuid: uuid(), containerUuid: uuid(), contentUuid: uuid(), reaction: 'like' };
      const now = Date.now();
      localStorage.setItem(PENDING_REACTIONS_KEY, JSON.stringify([
        { ...entry, time: now - 61 * 60 * 1000 },
        { ...entry, reaction: 'love', time: now },
        { ...entry, contentUuid: 'x', time: now },
        null,
        { ...entry, time: now - 1000 },
      ]));
      expect(readPendingReactions(now)).to.deep.equal([{ ...entry, time: now - 1000 }]);
      localStorage.removeItem(PENDING_REACTIONS_KEY);
    });
  });
});
