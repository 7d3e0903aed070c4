/**
 * What the loader hands to core's `start()` (docs/client-internals.md "Loader → core").
 * Type only: no runtime, so importing it costs the loader nothing.
 */
import type { PageIdentity } from '../page/identity.ts';

export type HostContextKey = 'user' | 'page' | 'notifications';

export interface LoaderHost {
  /** Read from the meta tags by the loader. */
  page: PageIdentity;
  /** Where vf.js came from: API and chunks default to it. */
  origin: string;
  setContext(key: HostContextKey, value: unknown): void;
  /** `window.vf.$publish`. */
  publish(channel: string, name: string, payload?: unknown): void;
  /** Runs $ready callbacks and drains window.vfQ. */
  ready(): void;
}
