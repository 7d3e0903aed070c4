/** What moderation offers the other features (docs/architecture.md): import these from here, not from its files. */
export { type BanRow, banDetails, effectiveBan, hiddenByBan, nextBanExpiry } from '../engine/bans.ts';
