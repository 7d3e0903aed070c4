/**
 * The publishers' identity systems on the page (docs/login.md, spec platform.md §4 "Other login
 * paths"): one row per provider. Boot calls startIdentity once the site's settings are known; a
 * provider's adapter (its own chunk) is loaded only when its switch is on AND the vendor's object
 * is on the page. The vendor's script may come later: presence is looked for every 100 ms (the
 * spec's backplane/janrain ready interval), for at most a minute.
 */
import type { SiteSettings } from '../settings/site.ts';
import { thirdPartyLoginEnabled } from '../settings/site.ts';
import { realTimers, type Timers } from '../loader/timers.ts';
import type { SessionState } from '../session/slice.ts';
import type { ExternalLoginType } from '../api/externalLogins.ts';

/** Spec §4: backplane/janrain ready. */
export const READY_POLL_MS = 100;
/** How long a vendor's script may take to appear: 600 × 100 ms. */
export const READY_TRIES = 600;

/** What an adapter gets: the page, fake-able time, the session, and vf's login and logout. */
export interface IdentityContext {
  win: Record<string, unknown>;
  timers: Timers;
  getState(): { session: SessionState };
  login(type: ExternalLoginType, args: { token?: string; fields?: Record<string, string> }): Promise<unknown>;
  logout(): Promise<unknown>;
}

export interface IdentityAdapter {
  /** Starts listening to the vendor; the returned function stops. */
  start(ctx: IdentityContext): () => void;
}

export interface IdentityRow {
  name: string;
  enabled(settings: SiteSettings): boolean;
  present(win: Record<string, unknown>): boolean;
  load(): Promise<IdentityAdapter>;
}

export const IDENTITY_PROVIDERS: IdentityRow[] = [
  // identity: loginradius — the page's LoginRadius V2 object (`LRObject`, the name LoginRadius's docs give it).
  { name: 'loginradius', enabled: (s) => thirdPartyLoginEnabled(s), present: (w) => typeof w['LRObject'] === 'object' && w['LRObject'] !== null, load: () => import('./loginradius.ts') },
  // identity: backplane — the Backplane JS client.
  { name: 'backplane', enabled: (s) => s.authprovider_backplane_v2_enabled, present: (w) => typeof w['Backplane'] === 'function' || typeof w['Backplane'] === 'object', load: () => import('./backplane.ts') },
];

/** Starts every enabled provider once its vendor is on the page; returns a stop for all. */
export function startIdentity(ctx: IdentityContext, rows: IdentityRow[] = IDENTITY_PROVIDERS): () => void {
  const settings = ctx.getState().session.settings;
  const stops: (() => void)[] = [];
  let stopped = false;
  for (const row of settings ? rows.filter((r) => r.enabled(settings)) : []) {
    let tries = 0;
    let handle: unknown = null;
    stops.push(() => ctx.timers.clearTimeout(handle));
    const look = () => {
      if (stopped) return;
      if (!row.present(ctx.win)) {
        if (++tries < READY_TRIES) handle = ctx.timers.setTimeout(look, READY_POLL_MS);
        return;
      }
      row.load().then(
        (adapter) => {
          if (!stopped) stops.push(adapter.start(ctx));
        },
        () => undefined, // a chunk that fails to load leaves the reader as they are
      );
    };
    look();
  }
  return () => {
    stopped = true;
    for (const stop of stops.splice(0)) stop();
  };
}

/** The page and the store as boot has them. */
export function identityContext(dispatch: (action: any) => any, getState: () => { session: SessionState }, timers: Timers = realTimers): IdentityContext {
  return {
    win: globalThis as unknown as Record<string, unknown>,
    timers,
    getState,
    login: async (type, args) => (await import('../api/externalLogins.ts')).externalLogin(dispatch, { type, ...args }),
    logout: async () => dispatch((await import('../api/users.ts')).usersApi.endpoints.logout.initiate()),
  };
}
