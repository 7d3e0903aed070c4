/**
 * This browser's side of push (docs/push.md): whether push can work here, the service worker
 * (`/vf_sw.js` by default) and the PushManager subscription, as the PushSubscriptionBody the
 * server stores. `setPushBrowser` swaps the browser surface (a browser without a push service,
 * as in headless test runs).
 */
import type { PushSubscriptionBody } from '../api/notificationTypes.ts';
import { vfTrustedTypes } from '../trustedTypes.ts';

export const SERVICE_WORKER_URL = '/vf_sw.js';
/** content.md §9: how long the worker may take to become ready. */
export const WORKER_READY_TIMEOUT_MS = 2000;
export const WORKER_TIMEOUT_MESSAGE = 'service worker took too long to start';

/** The browser surfaces push uses. */
export interface PushBrowser {
  supported(): boolean;
  secure(): boolean;
  permission(): NotificationPermission;
  /** Registers the worker and resolves with its registration once active. */
  register(url: string): Promise<ServiceWorkerRegistration>;
}

const realBrowser: PushBrowser = {
  supported: () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined',
  // content.md §5: service worker and push need https or localhost (which browsers count as secure).
  secure: () => typeof window !== 'undefined' && window.isSecureContext,
  permission: () => (typeof Notification !== 'undefined' ? Notification.permission : 'denied'),
  async register(url) {
    await navigator.serviceWorker.register(vfTrustedTypes().scriptUrl(new URL(url, document.baseURI).href));
    return navigator.serviceWorker.ready;
  },
};

let browser = realBrowser;

export function pushBrowser(): PushBrowser {
  return browser;
}

/** Replaces the browser surface (null: the real one). */
export function setPushBrowser(next: PushBrowser | null): void {
  browser = next ?? realBrowser;
}

/** The worker's registration, or WORKER_TIMEOUT_MESSAGE after 2000 ms. */
export function readyWorker(url = SERVICE_WORKER_URL): Promise<ServiceWorkerRegistration> {
  // The worker the page names (`<vf-push-opt-in worker-url>`, else vf's own): vf's Trusted Types policy passes it.
  if (typeof document === 'object') vfTrustedTypes().vouchForScriptUrl(new URL(url, document.baseURI).href);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(WORKER_TIMEOUT_MESSAGE)), WORKER_READY_TIMEOUT_MS);
  });
  return Promise.race([browser.register(url), timeout]).finally(() => clearTimeout(timer));
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function base64url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What the server stores for a subscription (content.md §3 "Push subscription payload"). */
export function subscriptionBody(subscription: PushSubscription, page: { uniqueId?: string; url?: string; privilege?: string }): PushSubscriptionBody {
  const endpoint = subscription.endpoint;
  return {
    service_type: 'web_push',
    subscription_id: endpoint.split('/').filter(Boolean).pop() ?? endpoint,
    public_key: base64url(subscription.getKey('p256dh')),
    auth_secret: base64url(subscription.getKey('auth')),
    endpoint,
    view: page.uniqueId ? { uniqueId: page.uniqueId } : {},
    meta: { ...(page.url ? { url: page.url } : {}), ...(page.privilege ? { privilege: page.privilege } : {}) },
  };
}

/** Asks the browser for a subscription (the permission prompt, when not yet granted). */
export async function subscribeBrowser(registration: ServiceWorkerRegistration, vapidKey: string): Promise<PushSubscription> {
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidKey) });
}

/** Drops this browser's subscription; its id (null when there was none). */
export async function unsubscribeBrowser(registration: ServiceWorkerRegistration): Promise<string | null> {
  const existing = await registration.pushManager.getSubscription();
  if (!existing) return null;
  const id = existing.endpoint.split('/').filter(Boolean).pop() ?? existing.endpoint;
  await existing.unsubscribe();
  return id;
}
