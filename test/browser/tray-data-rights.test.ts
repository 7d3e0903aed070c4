/**
 * <vf-tray>'s profile and the reader's data (docs/law.md "Readers' data") against the real server:
 * "Download my data" saves a JSON file holding the reader's comment; "Delete my account" explains
 * the 14 days and what happens to their posts, asks for the password (none, then a wrong one, are
 * said under the field), then shows the date, which "Cancel deletion" takes back — each result
 * announced, each step reachable by keyboard. An account without a password is asked to log in
 * again. Then loading, error and offline states, and the text in French and Arabic.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/vf-tray/define.ts';
import { baseApi } from '../../core/api/base.ts';
import { trayActions } from '../../core/mount/tray.ts';
import { wentOffline, wentOnline } from '../../core/network/slice.ts';
import { loggedIn } from '../../core/session/slice.ts';
import { writeTokens } from '../../core/session/storage.ts';
import { getStore } from '../../core/store/index.ts';
import { bootCore } from './support/boot.ts';
import { trayIn } from './support/tray.ts';
import { getContainer, newReader, postComment, testConfig, unique, type Reader } from './support/api.ts';
import { $, buttonByText, deepActiveElement, transitionsDone, typeInto, waitFor } from './support/dom.ts';
import { throttleFetch } from './support/network.ts';


async function serverDeletion(reader: Reader): Promise<number | null> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/users/me/deletion?section=${siteUuid}`, { headers: { authorization: `Bearer ${reader.token}` } });
  return ((await res.json()) as { result: { delete_after: number | null } }).result.delete_after;
}

/** Answers the page's own requests matching `pattern` (and `method`) with `status` and `body`, until restored. */
function answerFetch(pattern: RegExp, method: string, status: number, body: unknown) {
  const real = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (pattern.test(url) && (init?.method ?? 'GET') === method) {
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }
    return real(input, init);
  };
  return { restore: () => void (window.fetch = real) };
}

/** Keeps the files the page hands to the browser (a blob: link clicked) instead of downloading them. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const create = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    const url = create.call(URL, object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) files.push({ name: this.download, blob });
    else click.call(this);
  };
  return {
    files,
    restore() {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    },
  };
}

const rights = (el: Element) => $(el, '[part="data-rights"]');
const live = (el: Element) => $(el, '[part="data-rights"] > [role="status"]')?.textContent ?? '';
const password = (el: Element) => $<HTMLInputElement>(el, '[part="deletion-confirm"] input[name="password"]');
const longDate = (time: number, locale = 'en-US') => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(time);

function signIn(reader: Reader): void {
  writeTokens(reader.auth);
  getStore().dispatch(loggedIn(reader.auth));
}

describe('<vf-tray> profile: the reader’s data', () => {
  let reader: Reader;
  let el: Element;
  const comment = `Dana’s comment for the export ${unique('x')}`;

  before(async () => {
    await bootCore();
    reader = await newReader('Dana Data');
    const container = await getContainer(unique('rights'));
    await postComment(reader, container.content_container_uuid, comment);
    signIn(reader);
    el = await waitFor(() => document.querySelector('vf-tray'), 'the page tray');
    trayActions.open('profile');
    await waitFor(() => buttonByText(el, 'Delete my account'), 'data rights');
  });

  after(() => trayActions.close());

  describe('download', () => {
    it('saves one JSON file holding the reader’s comment, and says so', async () => {
      const downloads = catchDownloads();
      try {
        buttonByText(el, 'Download my data')!.click();
        await waitFor(() => downloads.files.length === 1, 'a file');
      } finally {
        downloads.restore();
      }
      const [file] = downloads.files;
      expect(file!.name).to.match(/\.json$/);
      expect(file!.blob.type).to.match(/^application\/json/);
      const data = JSON.parse(await file!.blob.text()) as unknown;
      expect(JSON.stringify(data)).to.include(comment);
      expect(JSON.stringify(data)).to.include(reader.email);
      await waitFor(() => live(el) === 'Your data was downloaded.', 'announced');
      await transitionsDone(el);
      await expect(el).to.be.accessible();
    });

    it('a failure is said at once; pressing again works', async () => {
      const failing = throttleFetch({ pattern: /\/users\/me\/data/, failures: 1 });
      const downloads = catchDownloads();
      try {
        buttonByText(el, 'Download my data')!.click();
        const alert = await waitFor(() => rights(el)!.querySelector('.vf-error[role="alert"]'), 'error');
        expect(alert.textContent).to.equal('Can\'t reach the server. Check your connection and try again.');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Download my data')!.click();
        await waitFor(() => downloads.files.length === 1, 'a file after all');
      } finally {
        failing.restore();
        downloads.restore();
      }
    });
  });

  describe('deletion', () => {
    it('asks to confirm, saying what happens; the focus goes to the password', async () => {
      buttonByText(el, 'Delete my account')!.click();
      const form = await waitFor(() => $(el, '[part="deletion-confirm"]'), 'confirm step');
      expect(form.querySelector('h4')!.textContent).to.equal('Delete your account?');
      await waitFor(() => form.textContent!.includes('shown as by “Deleted reader”'), 'what happens to the posts');
      expect(form.textContent).to.include('Your account will be deleted 14 days after you confirm. Logging in during those days cancels the deletion.');
      expect(form.textContent).to.include('Records of moderation decisions and appeals keep only an anonymous identifier of your account.');
      expect(deepActiveElement()).to.equal(password(el));
      await transitionsDone(el);
      await expect(el).to.be.accessible();
    });

    it('asks for the password when none is typed, and says when it is wrong', async () => {
      buttonByText(el, 'Delete my account in 14 days')!.click();
      await waitFor(() => $(el, '[part="deletion-confirm"] .vf-field .vf-error')?.textContent === 'Enter your password.', 'password asked');
      typeInto(password(el)!, 'not my password');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => $(el, '[part="deletion-confirm"] .vf-field .vf-error')?.textContent === 'That password isn’t right.', 'wrong password');
      expect(password(el)!.getAttribute('aria-invalid')).to.equal('true');
      expect(deepActiveElement()).to.equal(password(el));
      expect(await serverDeletion(reader)).to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('the right password: the profile shows the date, announced and focused', async () => {
      typeInto(password(el)!, reader.password);
      buttonByText(el, 'Delete my account in 14 days')!.click();
      const scheduled = await waitFor(() => $(el, '[part="deletion-scheduled"]'), 'scheduled');
      const due = (await serverDeletion(reader))!;
      expect(due).to.be.closeTo(Date.now() + 14 * 24 * 3600 * 1000, 60_000);
      const text = `Your account will be deleted on ${longDate(due)}.`;
      expect(scheduled.querySelector('[data-field="deletion-date"]')!.textContent).to.equal(text);
      expect(live(el)).to.equal(text);
      expect(deepActiveElement()).to.equal(scheduled);
      expect(buttonByText(el, 'Delete my account')).to.equal(null);
      await transitionsDone(el);
      await expect(el).to.be.accessible();
    });

    it('shows the date again when the profile is opened again', async () => {
      trayActions.changeTab('feed');
      await waitFor(() => !rights(el), 'profile left');
      trayActions.changeTab('profile');
      await waitFor(() => $(el, '[part="deletion-scheduled"]'), 'still scheduled');
    });

    it('Cancel deletion takes it back: announced, the button back with the focus', async () => {
      const cancel = buttonByText(el, 'Cancel deletion')!;
      cancel.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => live(el) === 'Deletion cancelled.', 'announced');
      expect(await serverDeletion(reader)).to.equal(null);
      expect(deepActiveElement()).to.equal(buttonByText(el, 'Delete my account'));
      await transitionsDone(el);
      await expect(el).to.be.accessible();
    });

    it('keyboard: Cancel in the confirm step closes it and gives the focus back', async () => {
      await sendKeys({ press: 'Enter' });
      await waitFor(() => password(el) && deepActiveElement() === password(el), 'confirm step, password focused');
      const cancel = buttonByText(el, 'Cancel')!;
      cancel.focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !$(el, '[part="deletion-confirm"]'), 'closed');
      expect(deepActiveElement()).to.equal(buttonByText(el, 'Delete my account'));
    });

    it('an account without a password is asked to log in again', async () => {
      const fresh = answerFetch(/\/users\/me\/deletion/, 'POST', 403, {
        error_status: 403, message: 'Log in again to confirm', api_code: 'fresh_login_required',
      });
      try {
        buttonByText(el, 'Delete my account')!.click();
        await waitFor(() => password(el), 'confirm step');
        buttonByText(el, 'Delete my account in 14 days')!.click();
        await waitFor(() => buttonByText(el, 'Log in again'), 'log in again');
        expect($(el, '[part="deletion-confirm"]')!.textContent).to.include('To confirm, log in again first, then confirm within 10 minutes.');
        expect(password(el)).to.equal(null);
        await expect(el).to.be.accessible();
        buttonByText(el, 'Log in again')!.click();
        const dialog = await waitFor(() => $(el, 'dialog.vf-dialog[open]'), 'login dialog');
        expect(dialog.querySelector('input[type="email"], input[name="email"]')).to.not.equal(null);
        await sendKeys({ press: 'Escape' });
        await waitFor(() => !$(el, 'dialog.vf-dialog[open]'), 'login dialog closed');
        buttonByText(el, 'Cancel')!.click();
      } finally {
        fresh.restore();
      }
      expect(await serverDeletion(reader)).to.equal(null);
    });
  });

  describe('states', () => {
    it('loading: a quiet placeholder while the deletion status is read', async () => {
      const held = throttleFetch({ pattern: /\/users\/me\/deletion/, method: 'GET' });
      try {
        getStore().dispatch(baseApi.util.resetApiState());
        trayActions.changeTab('feed');
        await waitFor(() => !rights(el), 'profile left');
        trayActions.changeTab('profile');
        const skeleton = await waitFor(() => rights(el)?.querySelector('.vf-skeleton'), 'skeleton');
        expect(skeleton.getAttribute('aria-label')).to.equal('Loading…');
        await expect(el).to.be.accessible();
      } finally {
        held.release();
        held.restore();
      }
      await waitFor(() => buttonByText(el, 'Delete my account'), 'loaded');
    });

    it('an error offers Try again, which loads', async () => {
      const failing = throttleFetch({ pattern: /\/users\/me\/deletion/, method: 'GET', failures: 1 });
      try {
        getStore().dispatch(baseApi.util.resetApiState());
        trayActions.changeTab('feed');
        await waitFor(() => !rights(el), 'profile left');
        trayActions.changeTab('profile');
        const alert = await waitFor(() => rights(el)?.querySelector('[part="error"]'), 'error');
        expect(alert.querySelector('p')!.textContent).to.equal('Your account’s deletion status couldn’t be loaded.');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Try again')!.click();
        await waitFor(() => buttonByText(el, 'Delete my account'), 'loaded after retry');
      } finally {
        failing.restore();
      }
    });

    it('offline: says so and waits for the connection', async () => {
      getStore().dispatch(wentOffline());
      try {
        const note = await waitFor(() => rights(el)?.querySelector('[part="offline"]'), 'offline note');
        expect(note.textContent).to.equal('You’re offline. Downloading your data and deleting your account need a connection.');
        expect(buttonByText(el, 'Download my data')!.disabled).to.equal(true);
        await expect(el).to.be.accessible();
      } finally {
        getStore().dispatch(wentOnline());
      }
      await waitFor(() => !buttonByText(el, 'Download my data')!.disabled, 'online again');
    });
  });

  describe('languages', () => {
    after(async () => {
      el = await trayIn(undefined, 'profile', 'dialog[open] [part="data-rights"] button');
    });

    for (const [language, heading, download, remove] of [
      ['fr-fr', 'Vos données', 'Télécharger mes données', 'Supprimer mon compte'],
      ['ar-ar', 'بياناتك', 'تنزيل بياناتي', 'حذف حسابي'],
    ] as const) {
      it(`${language}: the data rights are translated`, async () => {
        el = await trayIn(language, 'profile', 'dialog[open] [part="data-rights"] button');
        await waitFor(() => buttonByText(el, remove), `${language} delete button`);
        expect(rights(el)!.querySelector('h3')!.textContent).to.equal(heading);
        expect(buttonByText(el, download)).to.not.equal(null);
        await transitionsDone(el);
        await expect(el).to.be.accessible();
      });
    }
  });
});
