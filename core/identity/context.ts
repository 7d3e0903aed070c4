/**
 * The page store as the identity adapters see it (core/identity/start.ts IdentityContext). The
 * login and logout code is fetched on first use, so a page without identity platforms never
 * loads it. The store is read through `store()` on each call: a single-page app's reset makes a
 * new one, and the adapters, started once per page load, outlive it.
 */
import type { Timers } from '../loader/timers.ts';
import { isLoggedInUser } from '../session/slice.ts';
import type { AppStore } from '../store/index.ts';
import type { IdentityContext, IdentityWindow } from './start.ts';

export function identityContext(store: () => AppStore, win: IdentityWindow, timers: Timers): IdentityContext {
  return {
    window: win,
    timers,
    isLoggedIn: () => isLoggedInUser(store().getState().session.user),
    session: () => store().getState().session,
    login: async (args) => (await import('../api/externalLogins.ts')).externalLogin(store().dispatch, args),
    logout: async () => store().dispatch((await import('../api/users.ts')).usersApi.endpoints.logout.initiate()).unwrap(),
  };
}
