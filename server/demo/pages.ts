/**
 * Demo mode's own pages, read by the server as soon as it listens (docs/api.md "Pages"): a page's
 * title, picture and conversations are known only once the server has read it, which a reader's
 * first visit asks for. Without this, a newcomer who opens the trending page first would not see
 * the demo articles (the most commented pages of the demo site) in its rails until somebody
 * opened them. Each page is registered under its address as a reader's visit would, with no claim
 * of its own, and read like any other: nothing is taken on trust here either.
 */
import type { FastifyInstance } from 'fastify';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findOrCreatePage } from '../pages/queries.ts';
import { REPO_ROOT } from '../routes/static.ts';
import { DEMO_SITE } from './site.ts';

/** The demo pages that a reader would visit (the index holds no conversation). */
function demoPagePaths(): string[] {
  return readdirSync(join(REPO_ROOT, 'demo'))
    .filter((file) => file.endsWith('.html') && file !== 'index.html')
    .sort()
    .map((file) => `/demo/${file}`);
}

/** Registers every demo page at `origin` (where the server now answers) and has the server read it in the background. */
export async function readDemoPages(app: FastifyInstance, origin: string): Promise<void> {
  for (const path of demoPagePaths()) {
    const { page } = await findOrCreatePage(app.db, DEMO_SITE.uuid, { url: `${origin}${path}` });
    app.pageMeta.refresh(page.uuid);
    await app.pageMeta.settled(); // one at a time: the reader runs a few at once and drops the rest
  }
}
