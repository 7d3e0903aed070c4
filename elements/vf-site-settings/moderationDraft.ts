/**
 * The automatic-moderation form's draft (what the admin is typing) and the change it makes: word
 * lists and the link allow-list as one entry per line, numbers as typed (the server checks them
 * and names the field), and each scorer's key write-only: kept unless replaced or cleared.
 */
import type { AutoModerationChange } from '../../core/api/moderationSettings.ts';
import type { AutoModerationSettings, ScorerSettings } from '../../core/moderation/types.ts';

export type ScorerName = 'spam_scorer' | 'toxicity_scorer';
export const SCORERS: readonly ScorerName[] = ['spam_scorer', 'toxicity_scorer'];

/** keep: send no key; replace: send the one typed; clear: send an empty key. */
export type KeyAction = 'keep' | 'replace' | 'clear';

export interface ScorerDraft {
  enabled: boolean;
  endpoint: string;
  hold_at: string;
  reject_at: string;
  on_timeout: ScorerSettings['on_timeout'];
  key_set: boolean;
  keyAction: KeyAction;
  key: string;
}

export interface ModerationDraft {
  banned_words: string;
  suspect_words: string;
  links: AutoModerationSettings['links'];
  link_allowlist: string;
  new_commenter_holds: string;
  spam_scorer: ScorerDraft;
  toxicity_scorer: ScorerDraft;
}

/** The controls' names, as the server's 400 names its `field`. */
export const MODERATION_FIELDS = [
  'banned_words', 'suspect_words', 'links', 'link_allowlist', 'new_commenter_holds',
  ...SCORERS.flatMap((s) => ['enabled', 'endpoint', 'key', 'hold_at', 'reject_at', 'on_timeout'].map((f) => `${s}.${f}`)),
];

const lines = (list: readonly string[]) => list.join('\n');
const entries = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);
/** A number when the text is one; else the text itself, for the server to refuse by name. */
const numberOr = (text: string): number => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : (text as unknown as number));

function scorerDraft(s: ScorerSettings): ScorerDraft {
  return {
    enabled: s.enabled, endpoint: s.endpoint, hold_at: String(s.hold_at), reject_at: String(s.reject_at), on_timeout: s.on_timeout,
    key_set: !!s.key_set, keyAction: s.key_set ? 'keep' : 'replace', key: '',
  };
}

export function toDraft(s: AutoModerationSettings): ModerationDraft {
  return {
    banned_words: lines(s.banned_words), suspect_words: lines(s.suspect_words), links: s.links, link_allowlist: lines(s.link_allowlist),
    new_commenter_holds: String(s.new_commenter_holds), spam_scorer: scorerDraft(s.spam_scorer), toxicity_scorer: scorerDraft(s.toxicity_scorer),
  };
}

function scorerChange(d: ScorerDraft): Partial<ScorerSettings> {
  const change: Partial<ScorerSettings> = {
    enabled: d.enabled, endpoint: d.endpoint.trim(), hold_at: numberOr(d.hold_at), reject_at: numberOr(d.reject_at), on_timeout: d.on_timeout,
  };
  if (d.keyAction === 'clear') change.key = '';
  else if (d.keyAction === 'replace' && d.key !== '') change.key = d.key;
  return change;
}

export function toChange(d: ModerationDraft): AutoModerationChange {
  return {
    banned_words: entries(d.banned_words), suspect_words: entries(d.suspect_words), links: d.links, link_allowlist: entries(d.link_allowlist),
    new_commenter_holds: numberOr(d.new_commenter_holds), spam_scorer: scorerChange(d.spam_scorer), toxicity_scorer: scorerChange(d.toxicity_scorer),
  };
}
