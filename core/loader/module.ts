/**
 * The npm package's ES entry (docs/developers.md): `register({ origin })` does what
 * `<script src="https://<origin>/vf.js">` does, for pages whose code a bundler builds. The
 * elements load lazily from the same chunks as vf.js's, from the vf server (`origin`) unless
 * `assets` says where the package's own `chunks/` folder is served.
 */
import { isLoaded, startLoader, type VfWindow } from './start.ts';

export interface RegisterOptions {
  /** The vf server, e.g. `https://comments.example.com`. */
  origin: string;
  /** Where this package's `chunks/` folder is served (an absolute or page-relative URL). Default: `origin`. */
  assets?: string;
}

/** `url` as an absolute http(s) address without trailing slashes; relative ones are read against the page. */
function address(url: unknown, option: string, relative: boolean): string {
  let parsed: URL | null = null;
  try {
    parsed = typeof url === 'string' ? new URL(url, relative ? location.href : undefined) : null;
  } catch {
    // reported below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol)) {
    throw new TypeError(`vf: register({ ${option} }) needs ${relative ? 'a URL' : 'the vf server\'s address (https://…)'}, got ${JSON.stringify(url)}`);
  }
  return parsed.href.replace(/\/+$/, '');
}

/** Starts vf on the page, once: a second call (or vf.js already on the page) returns the running `window.vf`. */
export function register(options: RegisterOptions): unknown {
  const win = window as unknown as VfWindow;
  if (isLoaded(win)) return win.vf;
  const origin = new URL(address(options?.origin, 'origin', false)).origin;
  return startLoader({ origin, assets: options.assets ? address(options.assets, 'assets', true) : origin });
}
