/**
 * The rules that reject at once (state `disabled`); the author still sees such an item, with why
 * (docs/moderation.md "Automatic moderation"). A module of its own: the conversation's store code
 * imports it, and the queue's vocabulary (types.ts) stays in the staff elements' chunks.
 */
import type { HoldRule } from './types.ts';

export const AUTO_REJECT_RULES: readonly HoldRule[] = ['banned_word', 'spam_score', 'toxicity_score'];
