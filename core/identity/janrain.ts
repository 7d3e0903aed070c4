/**
 * Janrain on the page (docs/login.md "Janrain"). The widget's events appear some time after
 * `janrain.ready`: the handlers are registered as soon as they exist (tried every 500 ms). A
 * sign-in hands a token (`onProviderLoginToken`), which the server exchanges (`POST
 * users/login/janrain/oauth`). The widget also keeps the session's token in local storage
 * (`janrainCaptureToken`), read every 1000 ms: a token that appears signs the guest in, and the
 * token vf signed in with disappearing (or `onCaptureSessionEnded`) signs the reader out of vf.
 */
import type { IdentityContext } from './start.ts';
import { JANRAIN_HANDLER_MS, JANRAIN_TOKEN_MS } from './waits.ts';

export const JANRAIN_TOKEN_KEY = 'janrainCaptureToken';

export function startAdapter(context: IdentityContext): () => void {
  const { timers } = context;
  const janrain = context.window['janrain'];
  let stopped = false;
  let handle: unknown = null;
  /** Each token is exchanged once (Janrain's tokens are single-use). */
  const tried = new Set<string>();
  /** The token of the vf session Janrain started. */
  let active: string | null = null;

  const storedToken = (): string | null => {
    try {
      return context.window['localStorage']?.getItem(JANRAIN_TOKEN_KEY) || null;
    } catch {
      return null; // storage blocked
    }
  };
  const signIn = (token: unknown) => {
    if (stopped || typeof token !== 'string' || !token || tried.has(token)) return;
    tried.add(token);
    context.login({ type: 'janrain', token }).then(
      () => {
        active = token;
      },
      () => undefined, // published as login_failure; the reader stays a guest
    );
  };
  const signOut = () => {
    active = null;
    if (!stopped && context.isLoggedIn()) context.logout().catch(() => undefined);
  };

  const pollToken = () => {
    handle = null;
    if (stopped) return;
    const token = storedToken();
    if (active && token !== active) signOut();
    if (token && !context.isLoggedIn()) signIn(token);
    handle = timers.setTimeout(pollToken, JANRAIN_TOKEN_MS);
  };
  const register = () => {
    handle = null;
    if (stopped) return;
    const events = janrain?.events;
    if (typeof events?.onProviderLoginToken?.addHandler !== 'function') {
      handle = timers.setTimeout(register, JANRAIN_HANDLER_MS);
      return;
    }
    events.onProviderLoginToken.addHandler((response: { token?: unknown } | undefined) => signIn(response?.token));
    events.onCaptureSessionEnded?.addHandler?.(signOut);
    pollToken();
  };
  register();
  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}
