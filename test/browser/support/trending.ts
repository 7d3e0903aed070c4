/** Trending tests' helpers: article pages with conversations, as a page with vf.js registers them. */
import { seedConversation, testConfig, unique, type Reader } from './api.ts';

/** An article page (registered like a page with vf.js would) whose conversation has `comments` comments. */
export async function article(author: Reader, title: string, comments: number, image?: { url: string; alt: string }): Promise<string> {
  const { apiBase, siteUuid } = testConfig();
  const id = unique('story');
  const page = { section: siteUuid, url: `${location.origin}/demo/trending.html?story=${id}`, unique_id: id, title, image_url: image?.url, image_alt: image?.alt };
  const res = await fetch(`${apiBase}/pages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(page) });
  if (!res.ok) throw new Error(`page: ${res.status} ${await res.text()}`);
  await seedConversation(author, id, comments);
  return id;
}
