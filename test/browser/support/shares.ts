/** Shares through the real api, as another reader elsewhere would: a page of its own, its totals, a share. */
import type { Page } from '../../../core/api/types.ts';
import type { ShareTotals } from '../../../core/api/shares.ts';
import { testConfig, unique } from './api.ts';

async function call<T>(path: string, body?: object): Promise<T> {
  const { apiBase, siteUuid } = testConfig();
  const init: RequestInit = body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ section: siteUuid, ...body }) } : {};
  const res = await fetch(`${apiBase}/${path}`, init);
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: T }).result;
}

/** A new stored page (its own address on the site), for a count no other test touches. */
export const newPage = () => call<Page>('pages', { url: `${location.origin}/articles/${unique('article')}`, title: 'Another article' });
export const shareTotals = (pageUuid: string) => call<ShareTotals>(`pages/${pageUuid}/shares`);
export const shareElsewhere = (pageUuid: string, network: string) => call<ShareTotals>(`pages/${pageUuid}/shares`, { network });

/** Puts `value` on navigator as `name` (the browser API is the edge) until `restore()`. */
export function replaceNavigator(name: 'share' | 'clipboard', value: unknown): { restore(): void } {
  Object.defineProperty(navigator, name, { value, configurable: true });
  return { restore: () => void delete (navigator as unknown as Record<string, unknown>)[name] };
}
