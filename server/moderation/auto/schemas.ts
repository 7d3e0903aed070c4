/**
 * The automatic-moderation settings calls' schemas (docs/moderation.md, docs/settings.md): what
 * PATCH takes (every field optional) and what both calls answer (scorer keys as `key_set`, never
 * the key). A scorer's values are only typed here: settings.ts checks them after the admin check,
 * so a 400 names the field as `spam_scorer.hold_at`.
 */
import { answers, strictObject } from '../../routes/schemas.ts';
import { MAX_LISTED_WORDS, MAX_NEW_COMMENTER_HOLDS, MAX_WORD_LENGTH } from './settings.ts';

const wordList = { type: 'array', maxItems: MAX_LISTED_WORDS, items: { type: 'string', minLength: 1, maxLength: MAX_WORD_LENGTH + 200 } } as const;
const threshold = { type: 'number', minimum: 0, maximum: 1 } as const;
const links = { type: 'string', enum: ['off', 'all', 'outside_allowlist'] } as const;
const onTimeout = { type: 'string', enum: ['hold', 'pass'] } as const;
const newCommenterHolds = { type: 'integer', minimum: 0, maximum: MAX_NEW_COMMENTER_HOLDS } as const;

const scorerChange = {
  type: 'object',
  description: 'Any of: enabled, endpoint (an http(s) address), key (write-only; "" clears it), hold_at and reject_at (0–1, hold_at ≤ reject_at), on_timeout (hold | pass). key_set, as GET answers it, is ignored.',
  properties: { enabled: {}, endpoint: {}, key: {}, key_set: {}, hold_at: {}, reject_at: {}, on_timeout: {} },
} as const;

const changeFields = {
  banned_words: wordList,
  suspect_words: wordList,
  links,
  link_allowlist: { type: 'array', maxItems: MAX_LISTED_WORDS, items: { type: 'string', maxLength: 300 } },
  new_commenter_holds: newCommenterHolds,
  spam_scorer: scorerChange,
  toxicity_scorer: scorerChange,
} as const;

export const settingsChange = strictObject(changeFields, ['section']);
/** The same change as the vf client sends it: POST with `verb: "PATCH"` (platform.md §7). */
export const settingsChangeByPost = strictObject({ ...changeFields, verb: { type: 'string', const: 'PATCH' } }, ['section', 'verb']);

export const settingsQuery = strictObject({}, ['section']);
export const noQuery = strictObject({});

const scorerView = {
  type: 'object',
  additionalProperties: false,
  properties: { enabled: { type: 'boolean' }, endpoint: { type: 'string' }, key_set: { type: 'boolean' }, hold_at: { type: 'number' }, reject_at: { type: 'number' }, on_timeout: onTimeout },
  required: ['enabled', 'endpoint', 'key_set', 'hold_at', 'reject_at', 'on_timeout'],
} as const;

export const settingsAnswer = answers({
  type: 'object',
  additionalProperties: false,
  properties: {
    banned_words: { type: 'array', items: { type: 'string' } },
    suspect_words: { type: 'array', items: { type: 'string' } },
    links,
    link_allowlist: { type: 'array', items: { type: 'string' } },
    new_commenter_holds: { type: 'integer' },
    spam_scorer: scorerView,
    toxicity_scorer: scorerView,
  },
  required: ['banned_words', 'suspect_words', 'links', 'link_allowlist', 'new_commenter_holds', 'spam_scorer', 'toxicity_scorer'],
});
