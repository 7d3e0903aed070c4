// The built service worker /vf_sw.js in Chromium: a push message delivered through the DevTools
// protocol (ServiceWorker.deliverPushMessage) is shown as a notification, and a click on it closes
// it and opens the notification's address.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PushPayload } from '../../core/api/notificationTypes.ts';
import { browser, server, useServerAndBrowser } from './setup.ts';

useServerAndBrowser();

describe('/vf_sw.js', () => {
  it('shows a pushed notification and opens its address when clicked', async () => {
    const context = await browser.newContext();
    try {
      await context.grantPermissions(['notifications'], { origin: server.origin });
      const page = await context.newPage();
      await page.goto(`${server.origin}/demo/article.html`);
      const cdp = await context.newCDPSession(page);
      const registered = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${server.origin}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      const scope = await page.evaluate(async () => {
        await navigator.serviceWorker.register('/vf_sw.js');
        return (await navigator.serviceWorker.ready).scope;
      });
      assert.equal(scope, `${server.origin}/`);
      const registrationId = await registered;

      const payload: PushPayload = {
        title: 'Ada replied to you',
        body: 'I agree',
        url: `${server.origin}/demo/article.html#vf-0b6f2c1e-8a2d-4c55-9d6e-2f1a3b4c5d6e`,
        tag: 'reply:parent',
        icon: null,
      };
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.origin, registrationId, data: JSON.stringify(payload) });

      const [worker] = context.serviceWorkers();
      assert.ok(worker, 'the worker runs');
      const shown = await worker.evaluate(async () => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        for (let i = 0; i < 100; i++) {
          const list = await scope.registration.getNotifications();
          if (list.length) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return [];
      });
      assert.deepEqual(shown, [{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

      // A click as the browser reports it: notificationclick with the notification. A page cannot
      // click a notification, and a synthetic event may not open windows, so openWindow is watched.
      const openedUrl = await worker.evaluate(async () => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        const calls: string[] = [];
        scope.clients.openWindow = async (url: string | URL) => (calls.push(String(url)), null);
        const [notification] = await scope.registration.getNotifications();
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
        for (let i = 0; i < 100 && !calls.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
        return calls;
      });
      assert.deepEqual(openedUrl, [payload.url]);
      const left = await worker.evaluate(async () => (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).length);
      assert.equal(left, 0, 'the clicked notification is closed');
    } finally {
      await context.close();
    }
  });
});
