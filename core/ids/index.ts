/**
 * Identifier rules shared by client and server (spec §3 Identifiers). Pure: no DOM, no I/O.
 */

/** The guest user's uuid. */
export const ANONYMOUS_UUID = '00000000-0000-0000-0000-000000000000';

/** Largest numeric id that can be encoded (spec §9): ids above it lose precision in doubles. */
export const MAX_SAFE_ID = 2 ** 52 - 1;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SESSION_RE = /^[A-Za-z0-9]{16,32}$/;

/** True for the standard 8-4-4-4-12 hex form (any version, either case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

/**
 * Encodes a numeric id as a uuid so that APIs taking "an id" accept both kinds.
 *
 * Form: `00000000-0000-4000-8000-` + the id as 12 lower-case hex digits, zero-padded.
 * 12 hex digits only reach 2^48-1, while ids go up to 2^52-1 (13 hex digits): the 13th (most
 * significant) digit takes the last nibble of the 4th group (`800X`), so ids below 2^48 keep
 * the plain `8000-` form. The version (4) and variant (8) nibbles stay fixed.
 */
export function encodeNumericId(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SAFE_ID) {
    throw new RangeError(`A numeric id must be an integer in [0, ${MAX_SAFE_ID}], got ${n}`);
  }
  const hex = n.toString(16).padStart(13, '0');
  return `00000000-0000-4000-800${hex.slice(0, 1)}-${hex.slice(1)}`;
}

/** Reverses encodeNumericId; null when the uuid is not in the encoded form. */
export function decodeNumericId(uuid: string): number | null {
  const m = /^00000000-0000-4000-800([0-9a-f])-([0-9a-f]{12})$/i.exec(uuid);
  if (!m) return null;
  return parseInt(`${m[1]}${m[2]}`, 16);
}

/** A session id is valid when empty or 16–32 alphanumerics. */
export function isSessionId(value: unknown): value is string {
  return value === '' || (typeof value === 'string' && SESSION_RE.test(value));
}

/** Timestamps with fewer than 13 digits are seconds (spec §3); returns milliseconds. */
export function toMillis(ts: number): number {
  return Math.abs(Math.trunc(ts)).toString().length < 13 ? ts * 1000 : ts;
}
