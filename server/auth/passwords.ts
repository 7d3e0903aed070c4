/**
 * Password hashing with scrypt from node:crypto. The stored string carries its own parameters
 * and salt (`scrypt$N$r$p$salt$hash`), so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** The rule for a new password (sign-up, password reset, `npm run admin`) as a JSON schema. */
export const NEW_PASSWORD = { type: 'string', minLength: 8, maxLength: 128 } as const;

/** Why `password` breaks NEW_PASSWORD, or null. Counts code points, as the schema validator does. */
export function newPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < NEW_PASSWORD.minLength) return `The password is too short: at least ${NEW_PASSWORD.minLength} characters (this one has ${length}).`;
  if (length > NEW_PASSWORD.maxLength) return `The password is too long: at most ${NEW_PASSWORD.maxLength} characters.`;
  return null;
}

/** scrypt's cost as log2(N) (`VF_PASSWORD_COST`, docs/server.md): 14, N = 16384, ≈ 50 ms a hash here. */
export const DEFAULT_PASSWORD_COST = 14;
export const PASSWORD_COST_RANGE = { min: 10, max: 20 } as const;
let params = { N: 2 ** DEFAULT_PASSWORD_COST, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * Sets the cost of new hashes (buildApp, from the configuration). Stored hashes keep the cost
 * they were made with, so changing it never locks anyone out. The test suites lower it: they
 * hash a password for nearly every reader they sign up.
 */
export function setPasswordCost(log2N: number): void {
  params = { ...params, N: 2 ** log2N };
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: 128 * N * r * 2 leaves room for the N we use and future increases.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new hash at the configured cost, or at `log2N` (the demo accounts' published passwords: server/demo/index.ts). */
export async function hashPassword(password: string, log2N?: number): Promise<string> {
  const salt = randomBytes(16);
  const options = log2N === undefined ? params : { ...params, N: 2 ** log2N };
  const key = await derive(password, salt, options);
  return ['scrypt', options.N, options.r, options.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check: used when the email is unknown, so both failures look alike. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
