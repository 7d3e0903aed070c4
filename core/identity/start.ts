/**
 * The publishers' identity platforms on the page (docs/login.md "Identity platforms", spec
 * platform.md §4 "Other login paths"): one row per provider. Once the site settings are known,
 * boot calls startIdentity: for each provider whose switch is on, it waits for the vendor's
 * global (the vendor's script may come later) and only then loads the adapter chunk, which
 * follows the vendor's logins and logouts for as long as the page lives; a login may arrive at
 * any time. The waits (core/identity/waits.ts): LoginRadius, Backplane and Janrain are looked for
 * every 100 ms (the spec's "backplane/janrain ready") and given up after a minute; Gigya's look
 * steps up from 1 s to 60 s and goes on for as long as the page lives.
 */
import type { Timers } from '../loader/timers.ts';
import type { SessionState } from '../session/slice.ts';
import { thirdPartyLoginEnabled, type SiteSettings } from '../settings/site.ts';
import type { ExternalLoginArgs } from '../api/externalLogins.ts';
import { gigyaPollDelay, readyPollDelay } from './waits.ts';

/** The page's globals an adapter reads (the vendors' objects, local storage). */
export type IdentityWindow = Record<string, any>;

/** What an adapter may do with vf's session (core/identity/context.ts makes it from the store). */
export interface IdentityContext {
  window: IdentityWindow;
  timers: Timers;
  isLoggedIn(): boolean;
  /** The session with the site's settings, for the login event's permission check (Backplane). */
  session(): SessionState;
  /** Logs in (ends in announceLogin, or publishes login_failure and rejects). */
  login(args: ExternalLoginArgs): Promise<unknown>;
  /** The reader signed out on the vendor's side: out of vf too. */
  logout(): Promise<unknown>;
}

export interface IdentityAdapter {
  /** Starts following the vendor; the returned function stops. */
  startAdapter(context: IdentityContext): () => void;
}

export interface IdentityProvider {
  name: string;
  enabled(settings: SiteSettings): boolean;
  present(win: IdentityWindow): boolean;
  /** How long to wait before looking for the vendor's global again (attempt 0, 1, …); null gives up. */
  wait(attempt: number): number | null;
  load(): Promise<IdentityAdapter>;
}

const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null;

export const IDENTITY_PROVIDERS: readonly IdentityProvider[] = [
  // identity: gigya
  {
    name: 'gigya',
    enabled: (settings) => settings.authprovider_gigya_poll === true,
    present: (win) => isObject(win['gigya']) && (isObject(win['gigya'].accounts) || isObject(win['gigya'].socialize)),
    wait: gigyaPollDelay,
    load: () => import('./gigya.ts'),
  },
  // identity: janrain
  {
    name: 'janrain',
    enabled: (settings) => settings.authprovider_janrain_enabled === true,
    // The page's embed code makes `janrain` and sets `janrain.ready` once its document is loaded.
    present: (win) => isObject(win['janrain']) && win['janrain'].ready === true,
    wait: readyPollDelay,
    load: () => import('./janrain.ts'),
  },
  // identity: loginradius
  {
    name: 'loginradius',
    enabled: thirdPartyLoginEnabled,
    // The page's LoginRadius V2 object (`LRObject`, the name LoginRadius's docs give it).
    present: (win) => isObject(win['LRObject']),
    wait: readyPollDelay,
    load: () => import('./loginradius.ts'),
  },
  // identity: backplane
  {
    name: 'backplane',
    enabled: (settings) => settings.authprovider_backplane_v2_enabled === true,
    // The Backplane JS client.
    present: (win) => typeof win['Backplane'] === 'function' || isObject(win['Backplane']),
    wait: readyPollDelay,
    load: () => import('./backplane.ts'),
  },
];

/** Starts every enabled provider's wait; the returned function stops the waits and adapters. */
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
        const delay = provider.wait(attempt++);
        if (delay !== null) handle = context.timers.setTimeout(look, delay);
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
