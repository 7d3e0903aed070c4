/**
 * The "Report illegal content" dialog (elements/ui/notice/) inside any element's shadow root:
 * opening it from an item's "More actions" menu, its fields, and the receipt the server mailed.
 */
import { sendKeys } from '@web/test-runner-commands';
import { testConfig } from './api.ts';
import { $, $$, shadow, waitFor } from './dom.ts';
import { waitUntil } from './wait.ts';

export const noticeDialog = (el: Element) => $<HTMLDialogElement>(el, 'dialog.vf-notice-dialog[open]');
export const menuItems = (el: Element) => $$<HTMLButtonElement>(el, '[role="menuitem"]');
export const itemIds = (el: Element) => menuItems(el).map((b) => b.dataset.action);
export const focused = (el: Element) => shadow(el).activeElement as HTMLElement | null;

/** A field of the open dialog by its name (kind, explanation, name, email, good_faith). */
export function noticeField<T extends HTMLElement = HTMLInputElement>(el: Element, name: string): T {
  const field = noticeDialog(el)?.querySelector<T>(`[name="${name}"]`);
  if (!field) throw new Error(`no notice field ${name}`);
  return field;
}

/** The error message tied to a field (its aria-describedby), or null. */
export function fieldError(el: Element, name: string): string | null {
  const field = noticeField(el, name);
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => shadow(el).getElementById(id)).find((node) => node?.classList.contains('vf-error'));
  return error?.textContent ?? null;
}

/** Opens the menu from its button with the keyboard, moves to `action` with ArrowDown and presses Enter. */
export async function chooseByKeyboard(el: Element, button: HTMLElement, action: string): Promise<void> {
  button.focus();
  await sendKeys({ press: 'ArrowDown' });
  await waitUntil(() => menuItems(el).length > 0 && focused(el) === menuItems(el)[0], 'menu open on its first item');
  for (let i = 0; i < menuItems(el).length && focused(el)?.dataset.action !== action; i++) await sendKeys({ press: 'ArrowDown' });
  if (focused(el)?.dataset.action !== action) throw new Error(`no menu item ${action} (${itemIds(el).join(', ')})`);
  await sendKeys({ press: 'Enter' });
}

/** Opens the notice form from `button`'s menu (by click) and waits for its first field. */
export async function openNotice(el: Element, button: HTMLElement, action = 'notice'): Promise<HTMLDialogElement> {
  // A menu closed a moment ago may not have re-rendered yet: a click now would close it again.
  await waitUntil(() => menuItems(el).length === 0, 'menu closed');
  button.click();
  const item = await waitFor(() => menuItems(el).find((b) => b.dataset.action === action), `menu item ${action}`);
  item.click();
  await waitFor(() => noticeDialog(el)?.querySelector('select[name="kind"]'), 'notice form');
  return noticeDialog(el)!;
}

/** Types into the focused field as a reader would. */
export async function typeKeys(text: string): Promise<void> {
  await sendKeys({ type: text });
}

/** Whether the demo server kept a mail to `email` whose text includes `text` (mail is sent in the background). */
export async function waitForMail(email: string, text: string): Promise<void> {
  await waitUntil(async () => {
    const page = new DOMParser().parseFromString(await (await fetch(`${testConfig().origin}/demo/mail`)).text(), 'text/html');
    return [...page.querySelectorAll('li.mail')].some((mail) => mail.textContent?.includes(email) && mail.textContent.includes(text));
  }, `a mail to ${email} with ${text}`, { timeout: 10_000 });
}

/** Answers the page's notice requests with `status` and `body` instead of the server, until `restore()`. */
export function answerNotices(status: number, body: object | null) {
  const real = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!/\/legal\/notices/.test(url)) return real(input, init);
    if (body === null) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { restore: () => void (window.fetch = real) };
}
