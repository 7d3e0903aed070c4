/**
 * Boot's handle on the analytics client (part of the core chunk; the client is a chunk of its
 * own). `scheduleAnalytics` loads and starts it once the page has settled (core/mount/settled.ts:
 * the elements a reader sees first are interactive, and the browser is idle), never on the first
 * render's path; an import that fails (an extension blocks the tracking script) leaves analytics
 * off without a word to the reader (content.md §5). `stopAnalytics` (teardown, reset) stops it
 * and cancels a start still waiting.
 */
import type { PageIdentity } from '../page/identity.ts';
import { pageSettled } from '../mount/settled.ts';

type Client = typeof import('./analyticsClient.ts');
let client: Client | null = null;
let generation = 0;

export function scheduleAnalytics(page: PageIdentity): void {
  if (typeof document !== 'object') return;
  stopAnalytics();
  const mine = generation;
  void pageSettled().then(() => {
    if (mine !== generation) return;
    return import('./analyticsClient.ts')
      .then((module) => {
        client = module;
        if (mine !== generation) return;
        return module.startAnalytics(page);
      })
      .catch(() => undefined);
  });
}

export function stopAnalytics(): void {
  generation++;
  client?.stopAnalytics();
}
