/** The Node flags `npm start` runs the built server with (package.json "serve"). */
export const PRODUCTION_FLAGS: string[];
/** The environment it sets before them (`NAME=value` words, e.g. MALLOC_ARENA_MAX). */
export const PRODUCTION_ENV: Record<string, string>;
