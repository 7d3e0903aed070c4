/**
 * The loader's half of the server-rendered first paint (docs/performance.md "Two paths to the
 * first comments"): when an element's load rule fires, ask the server for its first page as
 * HTML and show it in the element's shadow root at once, before any React code arrives. The
 * element's chunk then takes the markup over (elements/ui/defineElement.ts). Anything short of
 * a good answer in time (an old server, an error, a timeout) paints nothing: the element
 * renders as it always did. Kept small: it is part of vf.js.
 */

import { hasDeeplink } from './schedule.ts';

/** Elements the server can paint. */
export const FIRST_PAINT_TAGS = ['vf-conversations', 'vf-conversations-count', 'vf-pull-quote', 'vf-liveblog', 'vf-livechat'];
/** The host attribute naming the data the markup was rendered from (elements/ui/firstPaint.ts). */
export const FIRST_PAINT_ATTR = 'data-vf-first-paint';
export const FIRST_PAINT_TIMEOUT_MS = 3000;

interface Painted {
  html: string;
  css: string;
  structured_data: Record<string, unknown> | null;
  data_tag: string;
  locale: string;
  dir: string;
}

const meta = (doc: Document, name: string) =>
  doc.querySelector(`meta[name="${name}"],meta[property="${name}"]`)?.getAttribute('content')?.trim() || '';

/** Whether the publisher left it on and the loader can name the element's container. */
function request(el: Element, origin: string, doc: Document): string | null {
  const config = (globalThis as { vfConfig?: { firstPaint?: unknown; siteUuid?: unknown; language?: unknown } }).vfConfig ?? {};
  const off = (value: unknown) => value === false || value === 'off' || value === 'false';
  if (!FIRST_PAINT_TAGS.includes(el.localName) || el.shadowRoot || off(config.firstPaint)) return null;
  if (off(el.getAttribute('first-paint')) || off(meta(doc, 'vf:first_paint'))) return null;
  // A linked comment or the legacy rendering is the element's own business.
  if (hasDeeplink(el) || /[?&#]forceLegacy=/.test(location.search)) return null;
  const container = el.getAttribute('vf-container-id')?.trim() || meta(doc, 'vf:container_id');
  if (!container) return null;
  // The server writes its own addresses (pictures) with the loader's origin.
  const query = new URLSearchParams({ origin });
  if (typeof config.siteUuid === 'string') query.set('site_uuid', config.siteUuid);
  else query.set('domain', meta(doc, 'vf:domain') || location.hostname);
  query.set('container_id', container);
  const lang = typeof config.language === 'string' ? config.language : meta(doc, 'vf:lang') || meta(doc, 'og:locale').replace('_', '-') || doc.documentElement.lang;
  if (lang) query.set('lang', lang);
  for (const { name, value } of el.attributes) if (!/^(id|class|style|slot|lang|dir|hidden|vf-container-id|first-paint|data-.*|aria-.*)$/.test(name)) query.set(name, value);
  return `${origin}/api/first-paint/${el.localName}?${query}`;
}

/** Paints the element's first page when the server has it; resolves whether it did. */
export async function paintFirst(el: HTMLElement, origin: string, doc: Document = document): Promise<boolean> {
  const url = request(el, origin, doc);
  if (!url) return false;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), FIRST_PAINT_TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal: abort.signal, credentials: 'omit' });
    if (!response.ok) return false;
    const painted = ((await response.json()) as { result: Painted }).result;
    // The element's own chunk got here first: its rendering stands.
    if (el.shadowRoot || typeof painted?.html !== 'string') return false;
    const root = el.attachShadow({ mode: 'open' });
    const style = doc.createElement('style');
    style.textContent = painted.css;
    root.innerHTML = painted.html;
    root.prepend(style);
    // A box that opens at its end (a chat's newest messages) starts there, as its element puts it.
    root.querySelectorAll('[data-vf-scroll-end]').forEach((box) => (box.scrollTop = box.scrollHeight));
    el.setAttribute(FIRST_PAINT_ATTR, painted.data_tag);
    el.setAttribute('lang', painted.locale);
    el.setAttribute('dir', painted.dir);
    const data = painted.structured_data;
    if (data) {
      const script = doc.createElement('script');
      script.type = 'application/ld+json';
      data['url'] ??= location.href.split('#')[0];
      data['headline'] ??= doc.title;
      script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
      el.append(script);
    }
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `load` when the browser is idle or the reader reaches for the element, whichever is first. */
export function whenIdleOrUsed(el: Element, load: () => void): void {
  let done = false;
  const go = () => done || ((done = true), load());
  for (const name of ['pointerdown', 'keydown', 'focusin', 'mouseover']) el.addEventListener(name, go, { capture: true, passive: true });
  // The click itself lands before React is there: the element replays it (elements/ui/takeover.ts).
  el.addEventListener('click', (event) => el.hasAttribute(FIRST_PAINT_ATTR) && ((el as { vfClicked?: unknown }).vfClicked = event.composedPath()[0]), true);
  const idle = (globalThis as { requestIdleCallback?: (fn: () => void, options: { timeout: number }) => void }).requestIdleCallback;
  if (idle) idle(go, { timeout: 2000 });
  else setTimeout(go, 200);
}
