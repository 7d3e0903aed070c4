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

/** `https://x.example/` or `/assets/vf` → the same address without its trailing slashes, absolute. */
const base = (url: string, name: string): string => {
  try {
    return new URL(url, location.href).href.replace(/\/+$/, '');
  } catch {
    throw new TypeError(`vf: register({ ${name} }) needs a URL, got ${JSON.stringify(url)}`);
  }
};

/** Starts vf on the page, once: a second call (or vf.js already on the page) returns the running `window.vf`. */
export function register(options: RegisterOptions): unknown {
  const win = window as unknown as VfWindow;
  if (isLoaded(win)) return win.vf;
  if (!options || typeof options.origin !== 'string') throw new TypeError('vf: register({ origin }) needs the vf server\'s address');
  const origin = new URL(base(options.origin, 'origin')).origin;
  return startLoader({ origin, assets: options.assets ? base(options.assets, 'assets') : origin });
}
