/**
 * A guest's per-browser voting token (docs/polls.md "Guests"): made once, kept in localStorage,
 * sent with a guest's vote and poll reads; the server stores only its hash. Where storage is
 * unavailable the token lasts as long as the page.
 */
export const VOTER_TOKEN_KEY = 'vf.polls.voter_token';
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

let pageToken: string | null = null;

function fresh(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function voterToken(): string {
  try {
    const stored = globalThis.localStorage?.getItem(VOTER_TOKEN_KEY);
    if (stored && TOKEN.test(stored)) return stored;
    const made = fresh();
    globalThis.localStorage?.setItem(VOTER_TOKEN_KEY, made);
    return made;
  } catch {
    return (pageToken ??= fresh());
  }
}
