/**
 * LoginRadius on the page (docs/login.md "LoginRadius"): the page's LoginRadius V2 object
 * (`LRObject`) calls its `successCallback` hook when the reader signs in, with LoginRadius's
 * access token, which vf's server checks at LoginRadius (`users/loginradiuslogin`); its
 * `logoutCallback` hook, when the reader signs out on LoginRadius's side, signs them out of vf.
 */
import type { IdentityContext } from './start.ts';

interface LoginRadiusObject {
  $hooks: { register(name: string, fn: (data: unknown) => void): void };
}

export function startAdapter(context: IdentityContext): () => void {
  const lr = context.window['LRObject'] as LoginRadiusObject;
  let stopped = false;
  lr.$hooks.register('successCallback', (data) => {
    const token = (data as { access_token?: unknown } | null)?.access_token;
    // A refusal is published as a login failure (core/session/loginEvents.ts); the reader stays as they are.
    if (!stopped && typeof token === 'string' && token) context.login({ type: 'loginradius', token }).catch(() => undefined);
  });
  lr.$hooks.register('logoutCallback', () => {
    if (!stopped) context.logout().catch(() => undefined);
  });
  return () => {
    stopped = true;
  };
}
