/**
 * One call to an identity platform's API (Gigya, Janrain, LoginRadius, a Backplane bus): its
 * JSON answer and status, so a route can pass on what the vendor says about a refusal. An
 * unreachable vendor or an answer that is not JSON is a 502.
 */
import { HttpError } from '../errors.ts';

const TIMEOUT_MS = 5000;

/** Spec §8: what a refused identity login answers when the vendor says no more. */
export const SOCIAL_LOGIN_FAILED = 'Social login failed.';
/** Spec §5: an identity login without its token (Janrain, LoginRadius). */
export const LOGIN_TOKEN_MISSING = 'invalid login token payload';

export interface VendorAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

export async function callVendor(url: string, init: RequestInit = {}): Promise<VendorAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json', ...init.headers } });
  } catch {
    throw new HttpError(502, `Could not reach ${new URL(url).origin}`);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (body === undefined) throw new HttpError(502, `${new URL(url).origin} answered ${response.status} without JSON`);
  return { ok: response.ok, status: response.status, body };
}

/** A text field of a vendor's JSON object (null when absent, blank or not text). */
export function textOf(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field.trim() ? field.trim() : null;
}

/** HTTP Basic credentials. */
export function basicAuth(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}
