/**
 * Page owners/authors (`vf:owner`, `vf:author`): the ids of the users a page belongs to, matched
 * by numeric id, by uuid, or by provider plus social id (spec §6). Pure; the loader and the
 * server normalise them the same way.
 */
import { isUuid, MAX_SAFE_ID } from '../ids/index.ts';

export const OWNER_PROVIDERS = ['facebook', 'twitter', 'google', 'oauth', 'linkedin', 'yahoo', 'live', 'aol', 'apple', 'openid', 'oidc'] as const;
export const OWNERS_MAX = 50;

/**
 * One owner id, normalised: `vf-<uuid>` or `<uuid>` → the lower-case uuid; a non-negative integer
 * up to 2^52-1 → its decimal form; `<provider>:<social id>` → lower-case provider. Else null.
 */
export function parseOwnerId(raw: string): string | null {
  const value = raw.trim();
  const bare = value.replace(/^vf-/i, '');
  if (isUuid(bare)) return bare.toLowerCase();
  if (/^\d{1,16}$/.test(value)) {
    const n = Number(value);
    return n <= MAX_SAFE_ID ? String(n) : null;
  }
  const social = /^([a-z]+):([^\s:]{1,100})$/i.exec(value);
  if (social && (OWNER_PROVIDERS as readonly string[]).includes(social[1]!.toLowerCase())) {
    return `${social[1]!.toLowerCase()}:${social[2]}`;
  }
  return null;
}

/** Every valid id, deduplicated, at most OWNERS_MAX; invalid ones are dropped. */
export function parseOwnerIds(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    const id = parseOwnerId(v);
    if (id && !out.includes(id)) out.push(id);
    if (out.length === OWNERS_MAX) break;
  }
  return out;
}

/** Whether `user` is one of `owners` (by uuid, numeric id, or provider:social id). */
export function isPageOwner(
  owners: readonly string[],
  user: { uuid?: string; id?: number; social_login_provider?: string | null; social_login_id?: string | null } | null,
): boolean {
  if (!user) return false;
  return owners.some(
    (o) =>
      (!!user.uuid && o === user.uuid.toLowerCase()) ||
      (typeof user.id === 'number' && o === String(user.id)) ||
      (!!user.social_login_provider && !!user.social_login_id && o === `${user.social_login_provider.toLowerCase()}:${user.social_login_id}`),
  );
}
