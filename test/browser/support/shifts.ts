/** Layout-shift tests' helpers (docs/performance.md "Layout shift"): shifts observed, an element loaded between two blocks. */
import { fixture, html } from '@open-wc/testing';
import { $, waitFor } from './dom.ts';

/** Every `layout-shift` entry from now on; `total()` is their sum. */
export function watchShifts(): { total(): number; stop(): void } {
  let total = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
  });
  observer.observe({ type: 'layout-shift' });
  return { total: () => (observer.takeRecords().forEach((entry) => (total += (entry as PerformanceEntry & { value: number }).value)), total), stop: () => observer.disconnect() };
}

export const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * Mounts `markup` (holding the element under test, already defined) between two blocks in a box
 * `width` wide, in the page font `font`, waits until `loaded` (a selector in its shadow root)
 * shows, and gives the block below's top before and after, and the shifts in between.
 */
export async function loadBetweenBlocks(markup: string, width: string, loaded: string, font = '16px/1.5 system-ui, sans-serif'): Promise<{ before: number[]; after: number[]; shift: number }> {
  const box = await fixture<HTMLElement>(html`<div style="width: ${width}; font: ${font}"></div>`);
  await frame();
  const shifts = watchShifts();
  box.innerHTML = `<p>Above</p>${markup}<p class="below">Below</p>`;
  // The block below, and the words after an inline element in its line.
  const place = () => [box.querySelector('.below')!.getBoundingClientRect().top, box.querySelector('.after')?.getBoundingClientRect().left ?? 0];
  const before = place();
  const element = box.querySelector('[data-under-test]')!;
  await waitFor(() => $(element, loaded), loaded);
  await frame();
  const result = { before, after: place(), shift: shifts.total() };
  shifts.stop();
  return result;
}
