/**
 * Article pages for browser tests: a publisher's page served by the test runner
 * (articlePages.mjs) registered as vf.js would register it; the server reads its title and
 * picture from it (docs/api.md "Pages") before the rails show it.
 */
import { waitUntil } from './wait.ts';
import type { Page } from '../../../core/api/types.ts';
import { ARTICLE_PAGE_PATH } from './articlePages.mjs';
import { testConfig } from './api.ts';

export interface Picture {
  url: string;
  alt: string;
}

/** Registers the article `uniqueId` titled `title` and waits until the server has read its page. */
export async function registerArticle(uniqueId: string, title: string, image?: Picture): Promise<Page> {
  const { apiBase, siteUuid } = testConfig();
  const query = new URLSearchParams({ title, id: uniqueId, ...(image ? { image: image.url, alt: image.alt } : {}) });
  const body = { section: siteUuid, url: `${location.origin}${ARTICLE_PAGE_PATH}?${query}`, unique_id: uniqueId, title, image_url: image?.url, image_alt: image?.alt };
  const res = await fetch(`${apiBase}/pages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`page: ${res.status} ${await res.text()}`);
  const { id } = ((await res.json()) as { result: Page }).result;
  let page: Page | null = null;
  await waitUntil(async () => {
    page = ((await (await fetch(`${apiBase}/pages/${id}`)).json()) as { result: Page }).result;
    return page.meta_source === 'page';
  }, `the server read ${title}`, { timeout: 10_000 });
  return page!;
}
