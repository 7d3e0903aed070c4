import { sendKeys } from '@web/test-runner-commands';

/** Ctrl+Enter as real key events (the runner's `press` takes one key at a time). */
export async function ctrlEnter(): Promise<void> {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'Enter' });
  await sendKeys({ up: 'Control' });
}

/** Presses Tab until the focus inside `el`'s shadow root matches (at most `most` presses). */
export async function tabTo(el: Element, match: (focus: HTMLElement) => boolean, most = 40): Promise<HTMLElement> {
  for (let i = 0; i < most; i++) {
    const focus = el.shadowRoot?.activeElement as HTMLElement | null;
    if (focus && match(focus)) return focus;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error('never focused');
}
