/**
 * Unmounting and re-mounting the page's widgets (spec §4 teardown and reset).
 *
 * `parkWidgets()` takes every mounted widget off the page, leaving an anchor in its place: a
 * comment (teardown), or a frozen copy of what the widget showed (reset: the reader keeps
 * seeing the old content). `remountWidgets()` puts widgets back at the anchors — the original
 * element for preservable ones (`data-vf-preserve`), a fresh element with the same
 * publisher attributes for the others — hidden until they have their data, then swaps them in.
 */
import { FETCH_ATTR } from '../loader/schedule.ts';
import { MOBILE_CLASS, mountedWidgets } from './registry.ts';
import { WIDGET_ID_ATTR } from './scan.ts';

export const SETTLE_TIMEOUT_MS = 10000;
const SETTLE_POLL_MS = 50;
const OUR_ATTRIBUTES = [WIDGET_ID_ATTR, FETCH_ATTR];

interface ParkedWidget {
  anchor: ChildNode;
  element: HTMLElement;
  preserve: boolean;
}

let parked: ParkedWidget[] = [];

/**
 * A static copy of what a widget shows, standing in for it while its successor loads. Cloned
 * nodes, not HTML: a page's Content-Security-Policy refuses HTML strings (Trusted Types) and the
 * `style` attributes parsed from them, not clones (docs/server.md "Content-Security-Policy").
 */
function freeze(element: HTMLElement): HTMLElement {
  const copy = element.ownerDocument.createElement('div');
  copy.setAttribute('data-vf-frozen', element.localName);
  copy.className = element.className;
  const shadow = element.shadowRoot;
  // Its structured data (a data script) is not part of what shows.
  const clones = [...(shadow ?? element).childNodes].filter((node) => node.nodeName !== 'SCRIPT').map((node) => node.cloneNode(true));
  if (shadow) {
    const root = copy.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [...shadow.adoptedStyleSheets];
    root.append(...clones);
  } else {
    // Legacy (light DOM) rendering: the scoped styles also match `[data-vf-frozen="<tag>"]`.
    copy.append(...clones);
  }
  // An open dialog (the tray, a login dialog) is not part of what stays on screen.
  (copy.shadowRoot ?? copy).querySelectorAll('dialog[open]').forEach((dialog) => dialog.removeAttribute('open'));
  return copy;
}

/** Takes every mounted widget off the page (they unmount and publish `widgets/unmount`). */
export function parkWidgets(mode: 'comment' | 'frozen'): void {
  for (const { element, preserve } of mountedWidgets()) {
    if (!element.isConnected) continue;
    const anchor = mode === 'frozen' ? freeze(element) : element.ownerDocument.createComment(`vf ${element.localName}`);
    element.replaceWith(anchor);
    parked.push({ anchor, element, preserve });
  }
}

/** The element that goes back: the original (preservable) or a fresh copy of its markup. */
function successorOf({ element, preserve }: ParkedWidget): HTMLElement {
  if (preserve) return element;
  const fresh = element.ownerDocument.createElement(element.localName);
  for (const { name, value } of Array.from(element.attributes)) {
    if (!OUR_ATTRIBUTES.includes(name)) fresh.setAttribute(name, value);
  }
  fresh.classList.remove(MOBILE_CLASS);
  if (!fresh.className) fresh.removeAttribute('class');
  return fresh;
}

/** Settled: no loading placeholder left in the widget (or it showed nothing at all). */
export function hasSettled(element: HTMLElement): boolean {
  const root = element.shadowRoot ?? element;
  return !root.querySelector('[part~="skeleton"], [aria-busy="true"]');
}

/** Resolves once `done()` held on three polls in a row (React has rendered what it got), or at the deadline. */
function waitUntilStable(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let streak = 0;
  return new Promise((resolve) => {
    const check = () => {
      streak = done() ? streak + 1 : 0;
      if (streak >= 3 || Date.now() >= deadline) resolve();
      else setTimeout(check, SETTLE_POLL_MS);
    };
    check();
  });
}

/**
 * Puts the parked widgets back. `isIdle()` says when the new session is ready with no request
 * under way; each widget stays hidden behind its anchor until then and until it settled (at
 * most 10 s), then replaces it.
 */
export async function remountWidgets(isIdle: () => boolean): Promise<void> {
  const batch = parked;
  parked = [];
  const swaps = batch.map(async (entry) => {
    const next = successorOf(entry);
    const frozen = entry.anchor.nodeType === Node.ELEMENT_NODE;
    if (frozen) next.style.setProperty('display', 'none', 'important');
    entry.anchor.after(next);
    if (frozen) await waitUntilStable(() => isIdle() && hasSettled(next), SETTLE_TIMEOUT_MS);
    if (frozen) next.style.removeProperty('display');
    if (next.getAttribute('style') === '') next.removeAttribute('style');
    entry.anchor.remove();
  });
  await Promise.all(swaps);
}

export function hasParkedWidgets(): boolean {
  return parked.length > 0;
}
