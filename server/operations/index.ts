/** What operations offers the other features (docs/architecture.md): import these from here, not from its files. */
export { EXPOSITION_CONTENT_TYPE, Histogram, family } from './metrics.ts';
export { Rounds } from './rounds.ts';
