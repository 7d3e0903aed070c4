/** Trending tests' helpers: article pages with conversations, as a page with vf.js registers them. */
import { seedConversation, unique, type Reader } from './api.ts';
import { type Picture, registerArticle } from './pages.ts';

/** An article page (registered like a page with vf.js would, and read by the server) whose conversation has `comments` comments. */
export async function article(author: Reader, title: string, comments: number, image?: Picture): Promise<string> {
  const id = unique('story');
  await registerArticle(id, title, image);
  await seedConversation(author, id, comments);
  return id;
}
