/**
 * Pages service (docs/api.md "pages"): the page is fetched or created after bootstrap; its id
 * becomes the page context's id. PATCH travels as POST + verb (the base query does that).
 */
import type { Page, PageChange, PageInput } from './types.ts';
import { baseApi } from './base.ts';
import { cleanText, type PageIdentity } from '../page/identity.ts';

export const pagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ensurePage: build.mutation<Page, PageInput>({
      query: (body) => ({ url: 'pages', method: 'POST', body: { ...body } }),
    }),
    updatePage: build.mutation<Page, { id: string; change: PageChange }>({
      query: ({ id, change }) => ({ url: `pages/${id}`, method: 'PATCH', body: { ...change } }),
    }),
  }),
});

const httpUrl = (value: string | null | undefined): string | null => (value && /^https?:\/\/\S+$/i.test(value) ? value : null);

/** The POST /pages body for what the meta tags said; null when the page has no http(s) address. */
export function pageInputFrom(identity: PageIdentity): PageInput | null {
  const url = httpUrl(identity.url);
  if (!url) return null;
  const input: PageInput = {
    url,
    unique_id: identity.unique_id,
    title: identity.title,
    description: identity.description,
    image_url: httpUrl(identity.image_url),
    image_alt: identity.image_alt ? cleanText(identity.image_alt) : null,
    page_type: identity.page_type,
    owners: identity.owners ?? [],
    topics: identity.topics ?? [],
    page_section: identity.section ? identity.section.slice(0, 200) : null,
  };
  if (/^[a-z]{2,3}([-_][a-z0-9]{2,8})?$/i.test(identity.lang)) input.lang = identity.lang;
  return input;
}

export const { useEnsurePageMutation, useUpdatePageMutation } = pagesApi;
