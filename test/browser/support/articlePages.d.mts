/** Types for articlePages.mjs (the test runner's article pages). */
export const ARTICLE_PAGE_PATH: string;
export function articlePagesPlugin(): { name: string; serve(context: unknown): { body: string; type: string } | undefined };
