// Loads the demo article in Chromium against the real server and adds up, gzip-compressed, every
// vf byte (loader, chunks, API responses) the page fetched before the first comment rendered.
import type { Browser } from 'playwright-core';
import { brotliBytes, gzipBytes } from './bundle.ts';

export interface FirstRender { scriptGzip: number; scriptBrotli: number; apiGzip: number; requests: number; ms: number }

export async function measureFirstRender(browser: Browser, origin: string): Promise<FirstRender> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 5000 } });
  const page = await context.newPage();
  const bodies: Array<Promise<{ url: string; bytes: number; br: number }>> = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(origin) || url.includes('/demo/')) return; // the publisher's own files
    bodies.push(response.body().then((body) => ({ url, bytes: gzipBytes(body), br: brotliBytes(body) }), () => ({ url, bytes: 0, br: 0 })));
  });
  const started = Date.now();
  await page.goto(`${origin}/demo/article.html`);
  // The tall viewport puts the widget in view at once: no scroll, no 10 s timer.
  await page.locator('vf-conversations').getByText('Benchmark comment', { exact: false }).first().waitFor();
  const ms = Date.now() - started;
  const measured = await Promise.all(bodies);
  await context.close();
  const sum = (filter: (url: string) => boolean, size: 'bytes' | 'br' = 'bytes') =>
    measured.filter((m) => filter(m.url)).reduce((total, m) => total + m[size], 0);
  const isScript = (url: string) => url.endsWith('.js');
  return {
    scriptGzip: sum(isScript), scriptBrotli: sum(isScript, 'br'), apiGzip: sum((url) => !isScript(url)),
    requests: measured.length, ms,
  };
}
