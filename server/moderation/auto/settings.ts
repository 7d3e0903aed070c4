/**
 * A site's automatic-moderation settings (docs/settings.md "Automatic moderation"): the defaults
 * (everything off), the strict check of a change (a 400 naming the field, dotted for a scorer's:
 * `spam_scorer.hold_at`), storage as JSON in `moderation_settings`, and the admin's view of them
 * (scorer keys are write-only: `key_set` instead).
 */
import type { Kysely } from 'kysely';
import type { AutoModerationSettings, ScorerSettings } from '../../../core/moderation/types.ts';
import { badRequest } from '../../errors.ts';
import type { Database } from '../../storage/schema.ts';

export const MAX_LISTED_WORDS = 5000;
export const MAX_WORD_LENGTH = 64;
export const MAX_NEW_COMMENTER_HOLDS = 20;
export const SCORERS = ['spam_scorer', 'toxicity_scorer'] as const;
export type ScorerField = (typeof SCORERS)[number];

const scorerDefaults = (): ScorerSettings => ({ enabled: false, endpoint: '', key: '', hold_at: 0.7, reject_at: 0.95, on_timeout: 'hold' });

export function defaultSettings(): AutoModerationSettings {
  return { banned_words: [], suspect_words: [], links: 'off', link_allowlist: [], new_commenter_holds: 0, spam_scorer: scorerDefaults(), toxicity_scorer: scorerDefaults() };
}

/** A change as PATCH takes it: any of the fields, a scorer's fields each optional. */
export type SettingsChange = Partial<Omit<AutoModerationSettings, ScorerField>> & Partial<Record<ScorerField, Partial<ScorerSettings>>>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A host name: labels of letters, digits and hyphens (ASCII; an IDN is turned to its punycode form first). */
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

function words(value: unknown, field: string): string[] {
  if (!Array.isArray(value)) throw badRequest(`${field} must be a list of words`, field);
  if (value.length > MAX_LISTED_WORDS) throw badRequest(`${field} holds at most ${MAX_LISTED_WORDS} words`, field);
  const seen = new Set<string>();
  for (const item of value) {
    const word = typeof item === 'string' ? item.trim() : null;
    if (word === null || word.length < 1 || word.length > MAX_WORD_LENGTH) throw badRequest(`Each of ${field} must be 1 to ${MAX_WORD_LENGTH} characters`, field);
    if (!/[\p{L}\p{N}]/u.test(word)) throw badRequest(`Each of ${field} must hold a letter or a digit: "${word}"`, field);
    seen.add(word);
  }
  return [...seen];
}

/** A host name as typed ("Example.com", "bücher.de") in its ASCII form; null for anything else (an address, a port, a path). */
export function hostName(input: string): string | null {
  const typed = input.trim().toLowerCase().replace(/\.$/, '');
  if (!/^[^/:?#@\s\\]+$/.test(typed)) return null;
  try {
    const host = new URL(`http://${typed}`).hostname;
    return HOST.test(host) ? host : null;
  } catch {
    return null;
  }
}

function hosts(value: unknown): string[] {
  const field = 'link_allowlist';
  if (!Array.isArray(value)) throw badRequest(`${field} must be a list of host names`, field);
  if (value.length > MAX_LISTED_WORDS) throw badRequest(`${field} holds at most ${MAX_LISTED_WORDS} host names`, field);
  return [...new Set(value.map((item) => {
    const host = typeof item === 'string' ? hostName(item) : null;
    if (!host) throw badRequest(`${field} takes host names such as example.com: "${String(item)}" is none`, field);
    return host;
  }))];
}

function threshold(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) throw badRequest(`${field} must be a number from 0 to 1`, field);
  return value;
}

function scorer(value: unknown, field: ScorerField, stored: ScorerSettings): ScorerSettings {
  if (!isObject(value)) throw badRequest(`${field} must be an object`, field);
  const next = { ...stored };
  for (const [key, v] of Object.entries(value)) {
    const name = `${field}.${key}`;
    if (key === 'enabled') {
      if (typeof v !== 'boolean') throw badRequest(`${name} must be true or false`, name);
      next.enabled = v;
    } else if (key === 'endpoint') {
      if (typeof v !== 'string' || (v !== '' && !isHttpUrl(v))) throw badRequest(`${name} must be an http(s) address`, name);
      next.endpoint = v.trim();
    } else if (key === 'key') {
      if (typeof v !== 'string' || v.length > 512) throw badRequest(`${name} must be text of at most 512 characters`, name);
      next.key = v.trim(); // "" clears it
    } else if (key === 'hold_at' || key === 'reject_at') {
      next[key] = threshold(v, name);
    } else if (key === 'on_timeout') {
      if (v !== 'hold' && v !== 'pass') throw badRequest(`${name} must be "hold" or "pass"`, name);
      next.on_timeout = v;
    } else if (key !== 'key_set') {
      throw badRequest(`${name} is not a scorer setting`, name);
    }
  }
  if (next.hold_at > next.reject_at) throw badRequest(`${field}.hold_at must not be above ${field}.reject_at`, `${field}.hold_at`);
  if (next.enabled && !next.endpoint) throw badRequest(`${field}.endpoint is needed to turn the scorer on`, `${field}.endpoint`);
  return next;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && value.length <= 2048;
  } catch {
    return false;
  }
}

/** `stored` with `change` applied, every value checked; throws a 400 naming the first bad field. */
export function applyChange(stored: AutoModerationSettings, change: Record<string, unknown>): AutoModerationSettings {
  const next = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    if (key === 'banned_words' || key === 'suspect_words') next[key] = words(value, key);
    else if (key === 'link_allowlist') next.link_allowlist = hosts(value);
    else if (key === 'links') {
      if (value !== 'off' && value !== 'all' && value !== 'outside_allowlist') throw badRequest('links must be "off", "all" or "outside_allowlist"', key);
      next.links = value;
    } else if (key === 'new_commenter_holds') {
      if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_NEW_COMMENTER_HOLDS) throw badRequest(`new_commenter_holds must be a whole number from 0 to ${MAX_NEW_COMMENTER_HOLDS}`, key);
      next.new_commenter_holds = value as number;
    } else if (key === 'spam_scorer' || key === 'toxicity_scorer') next[key] = scorer(value, key, stored[key]);
    else throw badRequest(`${key} is not an automatic-moderation setting`, key);
  }
  return next;
}

/** The settings as an admin reads them: each scorer's key replaced by whether one is set. */
export function adminView(settings: AutoModerationSettings): AutoModerationSettings {
  const view = (s: ScorerSettings): ScorerSettings => {
    const { key, ...rest } = s;
    return { ...rest, key_set: !!key };
  };
  return { ...settings, spam_scorer: view(settings.spam_scorer), toxicity_scorer: view(settings.toxicity_scorer) };
}

/** The site's stored settings over the defaults (a field added later takes its default). */
export async function readSettings(db: Kysely<Database>, siteUuid: string): Promise<AutoModerationSettings> {
  const row = await db.selectFrom('moderation_settings').select('settings').where('site_uuid', '=', siteUuid).executeTakeFirst();
  const defaults = defaultSettings();
  if (!row) return defaults;
  const stored = JSON.parse(row.settings) as Partial<AutoModerationSettings>;
  return {
    ...defaults,
    ...stored,
    spam_scorer: { ...defaults.spam_scorer, ...stored.spam_scorer },
    toxicity_scorer: { ...defaults.toxicity_scorer, ...stored.toxicity_scorer },
  };
}

export async function writeSettings(db: Kysely<Database>, siteUuid: string, settings: AutoModerationSettings): Promise<void> {
  const values = { site_uuid: siteUuid, settings: JSON.stringify(settings), date_updated: Date.now() };
  await db.insertInto('moderation_settings').values(values).onConflict((oc) => oc.column('site_uuid').doUpdateSet({ settings: values.settings, date_updated: values.date_updated })).execute();
}
