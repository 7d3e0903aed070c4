// Sizes of what the build ships: the loader, and every chunk a reader needs for the first
// conversations render (followed through the static imports of the entries they load).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const dist = new URL('../dist/', import.meta.url).pathname;

export function gzipBytes(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}

/** What browsers get over HTTPS (the build ships .br beside every file). */
export function brotliBytes(data: Buffer | string): number {
  return brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export function loaderSize(): { minified: number; gzip: number } {
  const file = join(dist, 'vf.js');
  if (!existsSync(file)) throw new Error('dist/vf.js is missing: run `npm run build` first');
  const code = readFileSync(file);
  return { minified: code.length, gzip: gzipBytes(code) };
}
