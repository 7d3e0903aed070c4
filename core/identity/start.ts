/**
 * The publishers' identity platforms on the page (docs/login.md "Identity platforms"). Once the
 * site settings are known, boot calls startIdentity: for each platform whose switch is on, it
 * waits for the vendor's global (the vendor's script may come later; each platform's own waits,
 * core/identity/waits.ts) and only then loads its adapter chunk, which follows the vendor's
 * logins and logouts for as long as the page lives. A login may arrive at any time.
 */
import type { Timers } from '../loader/timers.ts';
import type { SiteSettings } from '../settings/site.ts';
import type { ExternalLoginArgs } from '../api/externalLogins.ts';
import { gigyaPollDelay, JANRAIN_READY_MS } from './waits.ts';

/** The page's globals an adapter reads (the vendors' objects, local storage). */
export type IdentityWindow = Record<string, any>;

/** What an adapter may do with vf's session. */
export interface IdentityContext {
  window: IdentityWindow;
  timers: Timers;
  isLoggedIn(): boolean;
  /** Logs in (ends in announceLogin, or publishes login_failure and rejects). */
  login(args: ExternalLoginArgs): Promise<unknown>;
  /** The reader signed out on the vendor's side: out of vf too. */
  logout(): Promise<unknown>;
}

export interface IdentityAdapter {
  startAdapter(context: IdentityContext): () => void;
}

export interface IdentityProvider {
  name: string;
  enabled(settings: SiteSettings): boolean;
  present(win: IdentityWindow): boolean;
  /** How long to wait before looking for the vendor's global again (attempt 0, 1, …). */
  wait(attempt: number): number;
  load(): Promise<IdentityAdapter>;
}

const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null;

export const IDENTITY_PROVIDERS: readonly IdentityProvider[] = [
  {
    name: 'gigya',
    enabled: (settings) => settings.authprovider_gigya_poll === true,
    present: (win) => isObject(win['gigya']) && (isObject(win['gigya'].accounts) || isObject(win['gigya'].socialize)),
    wait: gigyaPollDelay,
    load: () => import('./gigya.ts'),
  },
  {
    name: 'janrain',
    enabled: (settings) => settings.authprovider_janrain_enabled === true,
    // The page's embed code makes `janrain` and sets `janrain.ready` once its document is loaded.
    present: (win) => isObject(win['janrain']) && win['janrain'].ready === true,
    wait: () => JANRAIN_READY_MS,
    load: () => import('./janrain.ts'),
  },
];

/** Starts every enabled platform's wait; the returned function stops the waits and adapters. */
export function startIdentity(settings: SiteSettings, context: IdentityContext, providers: readonly IdentityProvider[] = IDENTITY_PROVIDERS): () => void {
  let stopped = false;
  const stops: (() => void)[] = [];
  for (const provider of providers) {
    if (!provider.enabled(settings)) continue;
    let attempt = 0;
    let handle: unknown = null;
    const look = () => {
      handle = null;
      if (stopped) return;
      if (!provider.present(context.window)) {
        handle = context.timers.setTimeout(look, provider.wait(attempt++));
        return;
      }
      provider.load().then(
        (adapter) => {
          if (!stopped) stops.push(adapter.startAdapter(context));
        },
        (error: unknown) => console.warn(`vf: the ${provider.name} login did not load`, error),
      );
    };
    stops.push(() => handle !== null && context.timers.clearTimeout(handle));
    look();
  }
  return () => {
    stopped = true;
    for (const stop of stops.splice(0)) stop();
  };
}
