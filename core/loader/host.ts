/**
 * What the loader hands to core's `start()` (docs/client-internals.md "Loader → core").
 * Type only: no runtime, so importing it costs the loader nothing.
 */
import type { PageIdentity } from '../page/identity.ts';
import type { VfTrustedTypes } from '../trustedTypes.ts';

export type HostContextKey = 'user' | 'page' | 'notifications';

export interface LoaderHost {
  /** The page identity; when absent core reads it from the meta tags (the loader leaves it to
   * core, which keeps page-identity code out of vf.js). */
  page?: PageIdentity;
  /** Where vf.js came from: API and chunks default to it. */
  origin: string;
  setContext(key: HostContextKey, value: unknown): void;
  /** `window.vf.$publish`. */
  publish(channel: string, name: string, payload?: unknown): void;
  /** Runs $ready callbacks and drains window.vfQ. */
  ready(): void;
  /** Announces unready (teardown, reset): `$ready` and `vfQ` queue again until `ready()`. */
  unready?(): void;
  /** The loader's Trusted Types policy, which the chunks use too: the page gets one policy `vf`. */
  trustedTypes?: VfTrustedTypes;
}

/** What the core chunk exports for the loader (core/boot.ts). */
export interface CoreModule {
  start(host: LoaderHost): Promise<void>;
  reset(): Promise<void>;
  teardown(): void;
  loadNewPage(target: unknown): Promise<void>;
  tray: Record<string, (...args: unknown[]) => unknown>;
  /** `vf.session.login.*` (core/global-api/login.ts). */
  login: Record<string, (...args: unknown[]) => Promise<unknown>>;
  /** Resolves once the page has settled: what the reader has not asked for may load (core/mount/settled.ts). */
  settled(): Promise<void>;
  /** Shows the translated "did not load" message with a Retry button in every `kind` element. */
  showChunkError(kind: string, error: unknown, retry: () => void): void;
}
