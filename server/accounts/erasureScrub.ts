/**
 * What erasure (erasure.ts) takes out of text it keeps: the reader's name and email where a
 * record about them quotes them (a staff note, a statement's facts, a ban's message), and their
 * name, picture and words where a logged realtime event or a queued webhook delivery carries a
 * copy of their profile or item (the event log and the outbox keep JSON copies, not references).
 */
import { ERASED_READER_NAME } from '../../core/legal/types.ts';

/** A name shorter than this is too common a run of letters to take out of free text. */
const MIN_NAME_LENGTH = 3;

export interface ErasedIdentity {
  uuid: string;
  /** The name, the pending name, the email: what the account was known by. */
  needles: string[];
  /** 'remove': the reader's items are emptied in copies too. */
  removeContent: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the account was known by, worth taking out of text (an email always, a name of 3 characters or more). */
export function needlesOf(user: { name: string; email: string; username_pending?: string | null }): string[] {
  const names = [user.name, user.username_pending ?? ''].map((name) => name.trim()).filter((name) => [...name].length >= MIN_NAME_LENGTH);
  const email = user.email.includes('@') ? [user.email] : [];
  // Longest first: an email that holds the name is replaced whole.
  return [...new Set([...email, ...names])].sort((a, b) => b.length - a.length);
}

/**
 * `text` with each needle, standing as a word of its own (not inside a longer one: "Sam" stays
 * in "Sample"), replaced by ERASED_READER_NAME; case-insensitive.
 */
export function scrubText(text: string, needles: readonly string[]): string {
  let result = text;
  for (const needle of needles) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(needle)}(?![\\p{L}\\p{N}])`, 'giu');
    result = result.replace(pattern, ERASED_READER_NAME);
  }
  return result;
}

/** A JSON value with the reader's copies taken out (see the file's header); the input is not changed. */
function scrubValue(value: unknown, who: ErasedIdentity): unknown {
  if (typeof value === 'string') return scrubText(value, who.needles);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, who));
  if (value === null || typeof value !== 'object') return value;
  const object: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) object[key] = scrubValue(item, who);
  // Their profile as embedded in an item or a ban (`actor`, `user`).
  if (object['uuid'] === who.uuid) {
    if ('name' in object) object['name'] = ERASED_READER_NAME;
    for (const key of ['pic_small', 'pic_large']) if (key in object) object[key] = null;
    delete object['email'];
  }
  // Their item, when the site removes an erased reader's content.
  if (who.removeContent && object['actor_uuid'] === who.uuid && typeof object['content'] === 'string') {
    object['content'] = '';
    delete object['media'];
    if (typeof object['title'] === 'string') object['title'] = '';
  }
  return object;
}

/** The JSON text with the reader's copies taken out, or null when nothing changed (or it is not JSON). */
export function scrubJson(text: string, who: ErasedIdentity): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const scrubbed = JSON.stringify(scrubValue(parsed, who));
  return scrubbed === JSON.stringify(parsed) ? null : scrubbed;
}
