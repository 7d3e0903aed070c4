import { sendKeys } from '@web/test-runner-commands';

/** Ctrl+Enter as real key events (the runner's `press` takes one key at a time). */
export async function ctrlEnter(): Promise<void> {
  await sendKeys({ down: 'Control' });
  await sendKeys({ press: 'Enter' });
  await sendKeys({ up: 'Control' });
}
