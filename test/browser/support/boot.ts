/**
 * Boots vf core in the test page the way the loader would: `start(host)` with a LoaderHost.
 * Call once per test file (one store per page); clears any session a previous file left.
 */
import { start } from '../../../core/boot.ts';
import type { LoaderHost } from '../../../core/loader/host.ts';
import { readPageIdentity } from '../../../core/page/identity.ts';
import { testConfig } from './api.ts';

export interface Published {
  channel: string;
  name: string;
  payload: unknown;
}

export const published: Published[] = [];
let booted: Promise<void> | null = null;

export function bootCore(): Promise<void> {
  if (!booted) {
    try {
      localStorage.clear();
    } catch {
      // storage unavailable: nothing to clear
    }
    const host: LoaderHost = {
      page: readPageIdentity(document, location.href),
      origin: testConfig().origin,
      setContext() {},
      publish(channel, name, payload) {
        published.push({ channel, name, payload });
      },
      ready() {},
    };
    booted = start(host);
  }
  return booted;
}
