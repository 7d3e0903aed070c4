// A publisher's article pages for browser tests, served by the test runner on loopback (the demo
// site's domain): `/test-pages/article.html?title=…&image=…&alt=…` is a real page whose vf:* tags
// say that title and picture. The vf server reads a page's metadata from the page itself
// (docs/api.md "Pages"), so a test's article is titled by its page, as a publisher's would be.
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export const ARTICLE_PAGE_PATH = '/test-pages/article.html';

export function articlePagesPlugin() {
  return {
    name: 'vf-article-pages',
    serve(context) {
      if (context.path !== ARTICLE_PAGE_PATH) return undefined;
      const query = context.URL.searchParams;
      const tags = [['vf:title', 'title'], ['vf:image', 'image'], ['vf:image:alt', 'alt']]
        .filter(([, key]) => query.get(key))
        .map(([name, key]) => `<meta name="${name}" content="${escape(query.get(key))}">`);
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(query.get('title') ?? '')}</title>${tags.join('')}</head><body></body></html>`;
      return { body, type: 'html' };
    },
  };
}
