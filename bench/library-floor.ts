// The part of the first render no code of ours can shrink: the third-party libraries the stack
// is built on (React + react-dom, Redux Toolkit with RTK Query and immer, react-redux, formatjs's
// intl-messageformat, r2wc), bundled and minified exactly as the real build does, in one chunk.
import { rollup, type OutputChunk, type RollupOptions } from 'rollup';
import type { Browser } from 'playwright-core';
import { gzipBytes } from './bundle.ts';

export async function libraryFloor(): Promise<{ gzip: number; packages: string[] }> {
  const [chunks] = (await import('../rollup.config.mjs')).default;
  // Same plugins, minus the ones that write to dist/.
  const plugins = (chunks!.plugins as Array<{ name: string }>).filter((p) => !['vf-clean', 'vf-manifest', 'vf-precompress'].includes(p.name));
  const bundle = await rollup({ ...chunks, plugins, onwarn: () => {} } as RollupOptions);
  const { output } = await bundle.generate({
    format: 'es', compact: true, manualChunks: (id) => (id.includes('node_modules') ? 'libraries' : undefined),
  });
  await bundle.close();
  const libraries = output.find((c): c is OutputChunk => c.type === 'chunk' && c.name === 'libraries');
  if (!libraries) throw new Error('no third-party chunk was produced');
  const packages = new Set(Object.keys(libraries.modules).filter((id) => id.includes('node_modules')).map((id) => id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')));
  return { gzip: gzipBytes(libraries.code), packages: [...packages].sort() };
}

/**
 * vf's own code on the demo article (issue 44): every distinct script a guest's visit fetches from
 * the vf server in its first 10 s (1,280×800, no input), gzip, less the libraries' floor above.
 * Measured on 29 November before issue 44's changes (b98fe1f): 205,933 B in all, 108,695 B above the floor.
 */
export const ARTICLE_OWN_CODE_BEFORE = 108695;

export async function articleScripts(browser: Browser, origin: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      const url = response.url().split('?')[0]!;
      if (url.startsWith(origin) && url.endsWith('.js') && !url.includes('/demo/') && !sizes.has(url)) sizes.set(url, response.body().then(gzipBytes, () => 0));
    });
    await page.goto(`${origin}/demo/article.html`);
    await page.waitForTimeout(10000);
    return (await Promise.all(sizes.values())).reduce((sum, bytes) => sum + bytes, 0);
  } finally {
    await context.close();
  }
}
