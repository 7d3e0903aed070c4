/**
 * The loader's half of the server-rendered first paint (docs/performance.md "Two paths to the
 * first comments"): when an element's load rule fires, ask the server for its first page as
 * HTML and show it in the element's shadow root at once, before any React code arrives. The
 * element's chunk then takes the markup over (elements/ui/defineElement.ts). Anything short of
 * a good answer in time (an old server, an error, a timeout) paints nothing: the element
 * renders as it always did. Kept small: it is part of vf.js.
 */

import { hasDeeplink } from './schedule.ts';
import { sheetFor } from '../styleSheets.ts';
import { vfTrustedTypes } from '../trustedTypes.ts';

/** The loader hands its policy over before the first paint (core/loader/start.ts). */
export { adoptTrustedTypes } from '../trustedTypes.ts';

/** Elements the server can paint. */
export const FIRST_PAINT_TAGS = ['vf-conversations', 'vf-conversations-count', 'vf-pull-quote', 'vf-conversation-starter', 'vf-liveblog', 'vf-livechat', 'vf-reviews', 'vf-live-story'];
/** The host attribute naming the data the markup was rendered from (elements/ui/firstPaint.ts). */
export const FIRST_PAINT_ATTR = 'data-vf-first-paint';
export const FIRST_PAINT_TIMEOUT_MS = 3000;
/**
 * Where the server's markup carries an element's inline style (React's `style` prop): a page's
 * Content-Security-Policy without 'unsafe-inline' refuses a `style` attribute, not the same
 * declarations set through the element's `style` object, as the loader sets them.
 */
export const FIRST_PAINT_STYLE_ATTR = 'data-vf-style';

interface Painted {
  html: string;
  css: string;
  shared_css?: string;
  structured_data: Record<string, unknown> | null;
  data_tag: string;
  locale: string;
  dir: string;
}

const meta = (doc: Document, name: string) =>
  doc.querySelector(`meta[name="${name}"],meta[property="${name}"]`)?.getAttribute('content')?.trim() || '';

/** A link as the page resolves it (the server knows no page's address to resolve it against). */
function absolute(href: string, doc: Document): string {
  try {
    return new URL(href, doc.baseURI).href;
  } catch {
    return href;
  }
}

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
  // The stylesheets every element shares come with the page's first answer only.
  if (sharedAsked) query.set('shared', '0');
  sharedAsked = true;
  if (typeof config.siteUuid === 'string') query.set('site_uuid', config.siteUuid);
  else query.set('domain', meta(doc, 'vf:domain') || location.hostname);
  query.set('container_id', container);
  const lang = typeof config.language === 'string' ? config.language : meta(doc, 'vf:lang') || meta(doc, 'og:locale').replace('_', '-') || doc.documentElement.lang;
  if (lang) query.set('lang', lang);
  for (const { name, value } of el.attributes) if (!/^(id|class|style|slot|lang|dir|hidden|vf-container-id|first-paint|data-.*|aria-.*)$/.test(name)) query.set(name, name == 'href' ? absolute(value, doc) : value);
  return `${origin}/api/first-paint/${el.localName}?${query}`;
}

/** The shared stylesheets, once an answer brought them (asked for with the page's first request). */
let sharedAsked = false;
let sharedCss = '';

/** Paints under way: their answers, and each element's paint. */
const answers = new Set<Promise<unknown>>();
const painting = new Map<Element, Promise<boolean>>();

/** Paints the element's first page when the server has it; resolves whether it did. */
export function paintFirst(el: HTMLElement, origin: string, doc: Document = document): Promise<boolean> {
  const url = request(el, origin, doc);
  if (!url) return Promise.resolve(false);
  const done = paint(el, url, doc).finally(() => painting.delete(el));
  painting.set(el, done);
  return done;
}

async function paint(el: HTMLElement, url: string, doc: Document): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), FIRST_PAINT_TIMEOUT_MS);
  const answer = fetch(url, { signal: abort.signal, credentials: 'omit' })
    .then((response) => (response.status == 200 ? (response.json() as Promise<{ result: Painted }>) : null))
    .catch(() => null);
  answers.add(answer);
  try {
    const painted = (await answer)?.result;
    if (painted?.shared_css) sharedCss = painted.shared_css;
    // Paints asked for in the same moment go on screen top to bottom, a frame apart, once all
    // have their answers: what appears above moves only what is not painted yet below it.
    await Promise.all(answers);
    const above = [...painting].filter(([other]) => other.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    if (above.length) await Promise.all(above.map(([, before]) => before)).then(() => new Promise<void>((resolve) => afterFrame(resolve)));
    // The element's own chunk got here first: its rendering stands.
    if (el.shadowRoot || typeof painted?.html !== 'string' || !sharedCss) return false;
    const trusted = vfTrustedTypes();
    trusted.vouchForServerHtml(painted.html); // the server's answer, just read
    const html = trusted.html(painted.html);
    const root = el.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheetFor(sharedCss), sheetFor(painted.css)];
    root.innerHTML = html;
    for (const styled of root.querySelectorAll<HTMLElement>(`[${FIRST_PAINT_STYLE_ATTR}]`)) {
      styled.style.cssText = styled.getAttribute(FIRST_PAINT_STYLE_ATTR)!;
      styled.removeAttribute(FIRST_PAINT_STYLE_ATTR);
    }
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
      script.textContent = trusted.json(JSON.stringify(data).replace(/</g, '\\u003c'));
      el.append(script);
    }
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    answers.delete(answer);
  }
}

/** Runs `fn` once the browser has presented the next frame (the one showing what was just painted). */
export function afterFrame(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(fn));
  else setTimeout(fn, 16);
}

/** A control clicked before its code came: shown as pending (styles/ui.css) until the element takes over. */
export const PENDING_ATTR = 'data-vf-pending';

/**
 * After a paint: the element's chunk is asked for once the painted frame is on screen, so its
 * bytes never hold the paint up and the takeover starts as early as today's render would. A
 * click on the painted markup before React is there is noted, its button shown as pending at
 * once, and the element replays it (elements/ui/takeover.ts).
 */
export function loadAfterPaint(el: Element, load: () => void): void {
  el.addEventListener('click', (event) => {
    if (!el.hasAttribute(FIRST_PAINT_ATTR)) return;
    const target = event.composedPath()[0] as Element;
    (el as { vfClicked?: unknown }).vfClicked = target;
    const button = target.closest?.('button');
    if (!button) return;
    button.setAttribute(PENDING_ATTR, '');
    // A painted form has no code to send it: the browser would load the page again (a chat's Send).
    event.preventDefault();
  }, true);
  afterFrame(load);
}
