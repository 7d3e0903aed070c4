/**
 * The states every content element shows the same way (loading, error with Retry, offline),
 * checked the same way: each element's test names its mount, its requests and its texts.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './wait.ts';
import { $, buttonByText, waitFor } from './dom.ts';
import type { throttleFetch } from './network.ts';
import { getStore } from '../../../core/store/index.ts';
import { wentOffline, wentOnline } from '../../../core/network/slice.ts';

type Throttle = ReturnType<typeof throttleFetch>;
type Wait = { timeout?: number };

/** Loading: a labelled status skeleton while its requests are held; once released, the empty state (or `loaded`). */
export async function expectLoadingState(
  mount: () => Promise<HTMLElement>, held: Throttle, label: string, loaded: (el: HTMLElement) => boolean = (el) => !!$(el, '[part="empty"]'),
): Promise<void> {
  try {
    const el = await mount();
    const skeleton = await waitFor(() => $(el, `[part="skeleton"][aria-label="${label}"]`), 'skeleton');
    expect(skeleton.getAttribute('role')).to.equal('status');
    await expect(el).to.be.accessible();
    held.release();
    await waitFor(() => loaded(el), 'loaded');
  } finally {
    held.restore();
  }
}

/** Error: its first request failing shows `message` as an alert with Retry; Retry loads it (`loaded`). */
export async function expectErrorState(
  mount: () => Promise<HTMLElement>, failing: Throttle, message: string, loaded: (el: HTMLElement) => boolean, wait: Wait = {},
): Promise<HTMLElement> {
  try {
    const el = await mount();
    const error = await waitFor(() => $(el, '[part="error"]'), 'error state');
    expect(error.getAttribute('role')).to.equal('alert');
    expect(error.textContent).to.contain(message);
    await expect(el).to.be.accessible();
    buttonByText(el, 'Retry')!.click();
    await waitUntil(() => loaded(el), 'loaded on Retry', wait);
    return el;
  } finally {
    failing.restore();
  }
}

/** Offline: a status notice while the page is offline, gone when it is back online. */
export async function expectOfflineState(el: HTMLElement, wait: Wait = {}): Promise<void> {
  getStore().dispatch(wentOffline());
  try {
    const notice = await waitFor(() => $(el, '[part="offline"]'), 'offline notice');
    expect(notice.getAttribute('role')).to.equal('status');
    await expect(el).to.be.accessible();
  } finally {
    getStore().dispatch(wentOnline());
  }
  await waitUntil(() => !$(el, '[part="offline"]'), 'gone when online', wait);
}
