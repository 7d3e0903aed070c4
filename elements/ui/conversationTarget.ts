/**
 * The `<vf-conversations>` a pull quote or a conversation starter points at (their `target`
 * attribute: an element id or a CSS selector; default the page's first `<vf-conversations>`),
 * and taking the reader there.
 */

const CONVERSATIONS_TAG = 'vf-conversations';
const COMPOSE_FIELD = '[part~="compose"] textarea';
/** The conversation may still be loading when the reader arrives: wait this long for its compose box. */
const FOCUS_WAIT_MS = 10000;

/** The target element, or null when the page has none (an invalid selector counts as none). */
export function findConversation(target: string | undefined, root: Document = document): HTMLElement | null {
  const wanted = target?.trim();
  if (!wanted) return root.querySelector<HTMLElement>(CONVERSATIONS_TAG);
  const byId = root.getElementById(wanted.replace(/^#/, ''));
  if (byId) return byId;
  try {
    return root.querySelector<HTMLElement>(wanted);
  } catch {
    return null; // not a valid selector
  }
}

/** The container the target shows (its `vf-container-id`), if it names one. */
export function containerIdOfConversation(target: string | undefined): string | undefined {
  return findConversation(target)?.getAttribute('vf-container-id')?.trim() || undefined;
}

function focusElement(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/**
 * Scrolls the conversation into view and moves focus there: with `compose`, to its compose box
 * once it has rendered (the element itself if none shows up, e.g. comments are closed),
 * else to the element. Returns false when there is no target.
 */
export function goToConversation(el: HTMLElement | null, { compose }: { compose: boolean }): boolean {
  if (!el) return false;
  el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (!compose) {
    focusElement(el);
    return true;
  }
  const started = Date.now();
  const tryFocus = () => {
    const field = el.shadowRoot?.querySelector<HTMLElement>(COMPOSE_FIELD) ?? el.querySelector<HTMLElement>(COMPOSE_FIELD);
    if (field) field.focus({ preventScroll: true });
    else if (Date.now() - started < FOCUS_WAIT_MS) requestAnimationFrame(tryFocus);
    else focusElement(el);
  };
  tryFocus();
  return true;
}
