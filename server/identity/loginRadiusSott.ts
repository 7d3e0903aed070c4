/**
 * LoginRadius SOTT (Secure One-Time Token, docs/login.md "LoginRadius"), as LoginRadius's own
 * server SDKs make it: the text `start#apiKey#end` (UTC times as `yyyy/M/d H:m:s`, a 10-minute
 * window) encrypted with AES-256-CBC under a key derived from the API secret (PBKDF2-HMAC-SHA1,
 * eight zero bytes of salt, 10,000 rounds, 32 bytes) and LoginRadius's fixed IV; the token is
 * the base64 ciphertext, `*`, and the MD5 (hex) of that base64 text.
 */
import { createCipheriv, createDecipheriv, createHash, pbkdf2Sync } from 'node:crypto';

const IV = Buffer.from('tu89geji340t89u2', 'utf8');
const WINDOW_MS = 10 * 60 * 1000;

function keyOf(secret: string): Buffer {
  return pbkdf2Sync(secret, Buffer.alloc(8), 10_000, 32, 'sha1');
}

/** `yyyy/M/d H:m:s` in UTC (no zero padding, as LoginRadius writes it). */
export function sottTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${d.getUTCMonth() + 1}/${d.getUTCDate()} ${d.getUTCHours()}:${d.getUTCMinutes()}:${d.getUTCSeconds()}`;
}

export function makeSott(apiKey: string, apiSecret: string, now = Date.now()): string {
  const cipher = createCipheriv('aes-256-cbc', keyOf(apiSecret), IV);
  const token = Buffer.concat([cipher.update(`${sottTime(now)}#${apiKey}#${sottTime(now + WINDOW_MS)}`, 'utf8'), cipher.final()]).toString('base64');
  return `${token}*${createHash('md5').update(token).digest('hex')}`;
}

/** What LoginRadius reads back from a SOTT (the tests open vf's SOTTs with it: the stand-in does not check them); null when it does not open. */
export function openSott(sott: string, apiSecret: string): { start: string; apiKey: string; end: string } | null {
  const [token, hash] = sott.split('*');
  if (!token || !hash || createHash('md5').update(token).digest('hex') !== hash) return null;
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyOf(apiSecret), IV);
    const [start, apiKey, end] = Buffer.concat([decipher.update(Buffer.from(token, 'base64')), decipher.final()]).toString('utf8').split('#');
    return start && apiKey && end ? { start, apiKey, end } : null;
  } catch {
    return null;
  }
}
