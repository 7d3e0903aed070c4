/** What moderation offers the other features (docs/architecture.md): import these from here, not from its files. */
export { moderatorOf, type Moderating } from './access.ts';
export { decideMany, type Decided } from './decisions.ts';
export { announceDecided } from './live.ts';
export { deepLink } from './queueItems.ts';
export { CURSOR_PATTERN, decodeCursor, encodeCursor, kindOf, queueCounts } from './queueQuery.ts';
export { BAN_LEVELS, revokeBans } from './bans.ts';
