/**
 * The service worker `/vf_sw.js` (docs/push.md): shows each push message the server sends (a
 * PushPayload, JSON) as a notification, and opens its address when the notification is clicked
 * (focusing a window already on that address). No React, no store: built on its own by rollup.
 */
/// <reference lib="webworker" />
import type { PushPayload } from '../api/notificationTypes.ts';

declare const self: ServiceWorkerGlobalScope;

/** The payload, or null for a message that is not one of ours (nothing is shown for it). */
export function readPayload(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    return value && typeof value.title === 'string' ? { body: '', url: null, tag: '', icon: null, ...value, title: value.title } : null;
  } catch {
    return null;
  }
}

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  const options: NotificationOptions = { body: payload.body, data: { url: payload.url } };
  if (payload.tag) options.tag = payload.tag;
  if (payload.icon) options.icon = payload.icon;
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

async function openUrl(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  if (typeof url === 'string' && url) event.waitUntil(openUrl(url));
});
