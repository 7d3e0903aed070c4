/**
 * Finding an ad slot (content.md §4): a slot not yet in the page is looked for again, 5 times
 * 1 s apart, then the ad is rejected.
 */
import { SLOT_RETRIES, SLOT_RETRY_MS } from './format.ts';

export interface RetryPolicy {
  retries: number;
  delayMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function findSlot(find: () => HTMLElement | null, policy: RetryPolicy = { retries: SLOT_RETRIES, delayMs: SLOT_RETRY_MS }): Promise<HTMLElement | null> {
  const wait = policy.sleep ?? sleep;
  for (let attempt = 0; ; attempt++) {
    const slot = find();
    if (slot?.isConnected) return slot;
    if (attempt >= policy.retries) return null;
    await wait(policy.delayMs);
  }
}
