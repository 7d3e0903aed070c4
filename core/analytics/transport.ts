/**
 * Sending a batch (content.md §7 "Analytics call"): `navigator.sendBeacon` with a text/plain
 * string (no CORS preflight), else a keepalive `fetch` POST of JSON, else an image GET of
 * `…/events.gif?domain=…&batch=…`. The URL is the configured analytics URL with `{DOMAIN}`
 * replaced. Every failure is swallowed (§8): the answer is only whether the batch is done with —
 * sent, or refused for good (400, 404, 413) — or must stay queued (network, 429, 5xx).
 */
import type { AnalyticsBatch } from './eventTypes.ts';

export interface TransportEnv {
  sendBeacon?: (url: string, data: string) => boolean;
  fetch?: typeof fetch;
  /** Loads an image URL: resolves true on load, false on error. */
  loadImage?: (url: string) => Promise<boolean>;
}

export function eventsUrl(template: string, domain: string): string {
  return template.split('{DOMAIN}').join(encodeURIComponent(domain));
}

/** The image fallback's address: `/events` → `/events.gif`, plus the batch. */
export function imageUrl(url: string, body: string): string {
  const [path = '', query] = url.split('?');
  const gif = path.endsWith('.gif') ? path : `${path.replace(/\/+$/, '')}.gif`;
  return `${gif}?${query ? `${query}&` : ''}batch=${encodeURIComponent(body)}`;
}

const FINAL_REFUSALS = new Set([400, 404, 413]);

/** The beacon alone (a leaving page): true when the browser took the batch. */
export function sendByBeacon(url: string, batch: AnalyticsBatch, env: TransportEnv): boolean {
  try {
    return env.sendBeacon?.(url, JSON.stringify(batch)) === true;
  } catch {
    return false;
  }
}

/** Tries the transports in order; true when the batch needs no further sending. */
export async function sendBatch(url: string, batch: AnalyticsBatch, env: TransportEnv): Promise<boolean> {
  if (sendByBeacon(url, batch, env)) return true;
  const body = JSON.stringify(batch);
  if (env.fetch) {
    try {
      const response = await env.fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
      });
      return response.ok || FINAL_REFUSALS.has(response.status);
    } catch {
      // network or CORS failure: the image may still get through
    }
  }
  if (env.loadImage) {
    try {
      return await env.loadImage(imageUrl(url, body));
    } catch {
      return false;
    }
  }
  return false;
}

/** The browser's transports. */
export function browserTransport(): TransportEnv {
  const nav = typeof navigator === 'object' ? navigator : undefined;
  return {
    sendBeacon: typeof nav?.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined,
    fetch: typeof fetch === 'function' ? (input, init) => fetch(input, init) : undefined,
    loadImage:
      typeof Image === 'function'
        ? (src) =>
            new Promise<boolean>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(true);
              image.onerror = () => resolve(false);
              image.src = src;
            })
        : undefined,
  };
}
