/**
 * Gigya on the page (docs/login.md "Gigya"): the SDK's `onLogin` event and, at start,
 * `getAccountInfo` hand the reader's signed UID (`UID`, `UIDSignature`, `signatureTimestamp`),
 * which the server checks (`POST users/login/gigya`); `onLogout` logs the reader out of vf.
 * Handlers go to `gigya.accounts`, or `gigya.socialize` on pages with the older API. The Gigya
 * session is also polled (`getAccountInfo` after 1 s, 2 s, 4 s, … stepping up to every 60 s):
 * a Gigya session that ended without an event (another tab) ends vf's Gigya login too.
 */
import type { IdentityContext } from './start.ts';
import { gigyaPollDelay } from './waits.ts';

interface GigyaSigned {
  errorCode?: number;
  UID?: unknown;
  UIDSignature?: unknown;
  signatureTimestamp?: unknown;
  /** socialize's events carry the signature on `user`. */
  user?: GigyaSigned;
}

/** The signed UID an event or answer carries, as the server's fields. */
export function signedUid(event: GigyaSigned | undefined): Record<string, string> | null {
  const source = event && typeof event.UID === 'string' ? event : event?.user;
  if (!source || typeof source.UID !== 'string' || typeof source.UIDSignature !== 'string') return null;
  const timestamp = source.signatureTimestamp;
  if (typeof timestamp !== 'string' && typeof timestamp !== 'number') return null;
  return { uid: source.UID, uid_signature: source.UIDSignature, uid_timestamp: String(timestamp) };
}

export function startAdapter(context: IdentityContext): () => void {
  const gigya = context.window['gigya'];
  const api = gigya.accounts ?? gigya.socialize;
  let stopped = false;
  /** The UID vf is signed in as (or signing in as) through Gigya. */
  let current: string | null = null;

  const signIn = (event: GigyaSigned | undefined) => {
    const fields = signedUid(event);
    if (stopped || !fields || (current === fields['uid'] && context.isLoggedIn())) return;
    current = fields['uid']!;
    // A refusal is published as login_failure (core/api/externalLogins.ts); the reader stays a guest.
    context.login({ type: 'gigya', fields }).catch(() => {
      current = null;
    });
  };
  const signOut = () => {
    current = null;
    if (!stopped && context.isLoggedIn()) context.logout().catch(() => undefined);
  };

  /** The Gigya session now: a signed-in reader signs a vf guest in; none ends vf's Gigya login. */
  const check = () =>
    api.getAccountInfo?.({
      callback: (answer: GigyaSigned) => {
        if (stopped) return;
        if (answer?.errorCode === 0) {
          if (!context.isLoggedIn()) signIn(answer);
        } else if (current !== null) signOut();
      },
    });
  let attempt = 0;
  let handle: unknown = null;
  const poll = () => {
    check();
    handle = context.timers.setTimeout(poll, gigyaPollDelay(attempt++));
  };

  api.addEventHandlers?.({ onLogin: signIn, onLogout: signOut });
  poll();
  return () => {
    stopped = true; // the SDK has no way to remove handlers: they do nothing from now on
    if (handle !== null) context.timers.clearTimeout(handle);
  };
}
