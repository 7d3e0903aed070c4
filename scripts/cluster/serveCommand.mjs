// How `npm start` runs the built server (package.json "serve"), for whatever else starts it: the
// tests' servers (test/support/serve.mjs) and `npm run cluster`'s processes.
import { readFileSync } from 'node:fs';

const serveWords = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.serve.split(' ');
/** The Node flags `npm start` runs the built server with. */
export const PRODUCTION_FLAGS = serveWords.filter((word) => word.startsWith('--'));
/** The environment it sets before them (`NAME=value` words, e.g. MALLOC_ARENA_MAX). */
export const PRODUCTION_ENV = Object.fromEntries(serveWords.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split(/=(.*)/s).slice(0, 2)));
