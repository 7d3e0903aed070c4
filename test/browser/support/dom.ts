/** Small helpers for reaching into an element's open shadow root. */
import { waitUntil } from './wait.ts';

export function shadow(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`<${el.localName}> has no open shadow root`);
  return el.shadowRoot;
}

export function $<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return shadow(el).querySelector<T>(selector);
}

export function $$<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...shadow(el).querySelectorAll<T>(selector)];
}

/** Text of every rendered comment (top-level and replies), in order. */
export function commentTexts(el: Element): string[] {
  return $$(el, '.vf-comment__text').map((t) => t.textContent ?? '');
}

/** The button whose visible text is exactly `label`. */
export function buttonByText(el: Element, label: string): HTMLButtonElement | null {
  return $$<HTMLButtonElement>(el, 'button').find((b) => b.textContent?.trim() === label) ?? null;
}

/** Polls `fn` (it may answer a promise: a read of the server) until it answers a truthy value. */
export async function waitFor<T>(fn: () => T | null | undefined | false | Promise<T | null | undefined | false>, message: string, timeout = 10_000): Promise<T> {
  let value: T | null | undefined | false = null;
  await waitUntil(async () => {
    value = await fn();
    return Boolean(value);
  }, message, { timeout });
  return value as unknown as T;
}

/** Sets a textarea/input value the way typing does, so React sees it. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Resolves once the element's transitions have ended and none has started for 200 ms (buttons
 * fade their colours over 120 ms; a live update or a later answer may start one a moment after
 * the list showed): axe then checks the colours a reader sees, not a frame in between.
 */
export async function transitionsDone(el: Element, quietMs = 200): Promise<void> {
  for (let round = 0; round < 25; round++) {
    const running = shadow(el).getAnimations();
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    if (running.length === 0 && shadow(el).getAnimations().length === 0) return;
  }
}

/** The focused element through open shadow roots (document.activeElement stops at the host). */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
