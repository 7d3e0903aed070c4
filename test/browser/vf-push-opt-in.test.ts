/**
 * <vf-push-opt-in> against the real server. Headless Chromium has no push service, so the
 * browser's side (worker registration, PushManager) is a stand-in that makes real P-256 keys
 * (core/push/browser.ts setPushBrowser); the server checks and stores what it sends. The real
 * worker and a real push message are test/e2e/push.test.ts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait.ts';
import { sendKeys } from '@web/test-runner-commands';
import { setPushBrowser, type PushBrowser } from '../../core/push/browser.ts';
import { newReader, setSiteSettings, testConfig, type Reader } from './support/api.ts';
import { bootCore, published } from './support/boot.ts';
import { $, buttonByText, shadow, waitFor } from './support/dom.ts';
import { expectOfflineState } from './support/elementStates.ts';
import { logIn, logOut } from './support/login.ts';
import { throttleFetch } from './support/network.ts';
import '../../elements/vf-push-opt-in/define.ts';

let reader: Reader;
let permission: NotificationPermission = 'default';
/** What the stand-in PushManager.subscribe does: make a subscription, refuse, or hang the worker. */
let mode: 'ok' | 'refuse' | 'hang' = 'ok';
let current: PushSubscription | null = null;

async function fakeSubscription(): Promise<PushSubscription> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const p256dh = await crypto.subtle.exportKey('raw', pair.publicKey);
  const auth = crypto.getRandomValues(new Uint8Array(16)).buffer;
  const subscription = {
    // A local push service's address: the test server runs in demo mode, which takes it (docs/push.md);
    // nothing listens there, and nothing here makes the server send.
    endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
    getKey: (name: string) => (name === 'p256dh' ? p256dh : auth),
    unsubscribe: async () => ((current = null), true),
  };
  return subscription as unknown as PushSubscription;
}

const registration = {
  pushManager: {
    getSubscription: async () => current,
    async subscribe() {
      if (mode === 'refuse') {
        permission = 'denied';
        throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      }
      permission = 'granted';
      return (current = await fakeSubscription());
    },
  },
} as unknown as ServiceWorkerRegistration;

const standIn: PushBrowser = {
  supported: () => true,
  secure: () => window.isSecureContext,
  permission: () => permission,
  register: () => (mode === 'hang' ? new Promise(() => {}) : Promise.resolve(registration)),
};

async function serverSetting(): Promise<boolean> {
  const { origin, siteUuid } = testConfig();
  const res = await fetch(`${origin}/api/v5/notifications/${siteUuid}/settings`, { headers: { authorization: `Bearer ${reader.token}` } });
  return ((await res.json()) as { result: { is_user_notification_on: boolean } }).result.is_user_notification_on;
}

const mount = () => fixture<HTMLElement>(html`<vf-push-opt-in></vf-push-opt-in>`);
const stateOf = (el: HTMLElement) => $(el, '[part="base"]')?.getAttribute('data-vf-push-state');

before(async () => {
  await setSiteSettings({ enable_push_notifications: true });
  setPushBrowser(standIn);
  await bootCore();
  reader = await newReader('Push Reader');
});

after(async () => {
  setPushBrowser(null);
  await setSiteSettings({ enable_push_notifications: false });
});

describe('<vf-push-opt-in>', () => {
  beforeEach(() => {
    mode = 'ok';
    permission = 'default';
    current = null;
  });

  describe('as a guest', () => {
    it('asks to log in, and is accessible', async () => {
      const el = await mount();
      const login = await waitFor(() => $<HTMLButtonElement>(el, '[part="login"]'), 'log in button');
      expect(shadow(el).textContent).to.contain('Log in to get a browser notification when someone replies to you.');
      await expect(el).to.be.accessible();
      login.click();
      await waitUntil(() => published.some((p) => p.channel === 'authentication' && p.name === 'needed'), 'login asked for');
      const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'), 'login dialog');
      dialog.close();
    });
  });

  describe('signed in', () => {
    before(() => logIn(reader));
    after(() => logOut());

    it('loads the stored setting, subscribes and unsubscribes through the server', async () => {
      const el = await mount();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'unsubscribed from the stored setting');
      await expect(el).to.be.accessible();
      buttonByText(el, 'Turn on notifications')!.click();
      await waitUntil(() => stateOf(el) === 'subscribed', 'subscribed');
      expect($(el, '[part="state"]')!.textContent).to.equal('Browser notifications are on.');
      expect(await serverSetting()).to.equal(true);
      await expect(el).to.be.accessible();

      const other = await mount(); // a new element reads the stored setting
      await waitUntil(() => stateOf(other) === 'subscribed', 'stored setting read as subscribed');
      buttonByText(el, 'Turn off notifications')!.click();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'unsubscribed');
      expect(await serverSetting()).to.equal(false);
    });

    it('works from the keyboard: Tab to the button, Enter turns push on, Space turns it off', async () => {
      const el = await mount();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'ready to subscribe');
      const toggle = $<HTMLButtonElement>(el, '[part="toggle"]')!;
      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => stateOf(el) === 'subscribed', 'subscribed by Enter');
      $<HTMLButtonElement>(el, '[part="toggle"]')!.focus();
      await sendKeys({ press: 'Space' });
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'unsubscribed by Space');
    });

    it('shows the processing state while the server is asked', async () => {
      const held = throttleFetch({ pattern: /\/api\/v5\/subscriptions\/.*\/push/, method: 'POST' });
      try {
        const el = await mount();
        await waitUntil(() => stateOf(el) === 'unsubscribed', 'ready');
        buttonByText(el, 'Turn on notifications')!.click();
        await waitUntil(() => stateOf(el) === 'processing', 'processing');
        expect($(el, '[part="toggle"]')!.getAttribute('aria-busy')).to.equal('true');
        expect($(el, '[part="state"]')!.textContent).to.equal('Please wait…');
        held.release();
        await waitUntil(() => stateOf(el) === 'subscribed', 'subscribed once released');
      } finally {
        held.restore();
      }
      // back to unsubscribed for the next test
      const el = await mount();
      await waitUntil(() => stateOf(el) === 'subscribed', 'subscribed');
      buttonByText(el, 'Turn off notifications')!.click();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'unsubscribed');
    });

    it('a failed subscription says so and Try again subscribes', async () => {
      const failing = throttleFetch({ failures: 1, pattern: /\/api\/v5\/subscriptions\/.*\/push/, method: 'POST' });
      try {
        const el = await mount();
        await waitUntil(() => stateOf(el) === 'unsubscribed', 'ready');
        buttonByText(el, 'Turn on notifications')!.click();
        const error = await waitFor(() => $(el, '[part="error"]'), 'failed state');
        expect(error.getAttribute('role')).to.equal('alert');
        expect(error.textContent).to.contain('Error sending subscription information');
        await expect(el).to.be.accessible();
        buttonByText(el, 'Try again')!.click();
        await waitUntil(() => stateOf(el) === 'subscribed', 'subscribed on retry');
        buttonByText(el, 'Turn off notifications')!.click();
        await waitUntil(() => stateOf(el) === 'unsubscribed', 'unsubscribed');
      } finally {
        failing.restore();
      }
    });

    it('a worker that does not start in 2000 ms fails with the time-out text', async () => {
      mode = 'hang';
      const el = await mount();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'ready');
      buttonByText(el, 'Turn on notifications')!.click();
      const error = await waitFor(() => $(el, '[part="error"]'), 'time-out', 5000);
      expect(error.textContent).to.contain('The service worker took too long to start.');
      expect(published.some((p) => p.channel === 'push' && p.name === 'subscribe_error')).to.equal(true);
    });

    it('a blocked permission (NotAllowedError) shows how to allow notifications', async () => {
      mode = 'refuse';
      const el = await mount();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'ready');
      buttonByText(el, 'Turn on notifications')!.click();
      const denied = await waitFor(() => $(el, '[part="denied"]'), 'denied note');
      expect(denied.textContent).to.contain('Notifications are blocked for this site.');
      await expect(el).to.be.accessible();
      expect(await serverSetting()).to.equal(false);
    });

    it('shows an offline notice while the page is offline', async () => {
      const el = await mount();
      await waitUntil(() => stateOf(el) === 'unsubscribed', 'ready');
      await expectOfflineState(el);
    });

    it('a setting that cannot be loaded shows an error with Try again', async () => {
      const failing = throttleFetch({ failures: 1, pattern: /\/api\/v5\/notifications\/.*\/settings/ });
      try {
        // A new reader: the setting is not cached yet.
        await logIn(await newReader('Push Reader Two'));
        const el = await mount();
        const error = await waitFor(() => $(el, '[part="error"]'), 'load error');
        expect(error.textContent).to.contain("Your notification setting couldn't be loaded.");
        buttonByText(el, 'Try again')!.click();
        await waitUntil(() => stateOf(el) === 'unsubscribed', 'loaded on retry');
      } finally {
        failing.restore();
        await logIn(reader);
      }
    });
  });

  describe('where push cannot work', () => {
    it('says so when the browser has no push support', async () => {
      setPushBrowser({ ...standIn, supported: () => false });
      try {
        const el = await mount();
        const note = await waitFor(() => $(el, '[part="unsupported"]'), 'unsupported note');
        expect(note.textContent).to.equal("This browser can't show push notifications.");
        await expect(el).to.be.accessible();
      } finally {
        setPushBrowser(standIn);
      }
    });

    it('says so on a page that is not secure', async () => {
      setPushBrowser({ ...standIn, secure: () => false });
      try {
        const el = await mount();
        const note = await waitFor(() => $(el, '[part="unsupported"]'), 'insecure note');
        expect(note.textContent).to.equal('Push notifications need a secure (https) page.');
      } finally {
        setPushBrowser(standIn);
      }
    });
  });
});
