/**
 * Who is here and on which site: bootstrap status, the current user, site settings and domains.
 * `status` is a small state machine: idle → loading → ready | failed (failed → loading on retry).
 * Actions are events: `session/bootstrapped`, `session/loggedIn`, `session/loggedOut`.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ANONYMOUS_UUID } from '../ids/index.ts';
import type { AuthResult, BootstrapResult, SectionTree, SiteSettings, User } from '../api/types.ts';
import type { ApiError } from '../api/errors.ts';
import { selectPage } from '../page/slice.ts';

export type SessionStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  settings: SiteSettings | null;
  sectionUuid: string | null;
  sectionTree: SectionTree | null;
  /** The site's domains (bootstrap): the only hosts the rails link to (core/page/siteUrls.ts). */
  domains: string[];
  session: string;
  error: ApiError | null;
}

const initialState: SessionState = {
  status: 'idle',
  user: null,
  settings: null,
  sectionUuid: null,
  sectionTree: null,
  domains: [],
  session: '',
  error: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    bootstrapRequested(state) {
      // A bootstrap already under way or done is not restarted.
      if (state.status === 'idle' || state.status === 'failed') {
        state.status = 'loading';
        state.error = null;
      }
    },
    bootstrapped(state, action: PayloadAction<BootstrapResult>) {
      const r = action.payload;
      state.status = 'ready';
      state.user = r.user;
      state.settings = r.settings;
      state.sectionUuid = r.section_uuid || r.sectionTree?.section_id || null;
      state.sectionTree = r.sectionTree ?? null;
      state.domains = r.domains ?? [];
      state.session = r.session ?? state.session;
      state.error = null;
    },
    bootstrapFailed(state, action: PayloadAction<ApiError>) {
      if (state.status === 'loading') state.status = 'failed';
      state.error = action.payload;
    },
    loggedIn(state, action: PayloadAction<Pick<AuthResult, 'user'> & Partial<AuthResult>>) {
      state.user = action.payload.user;
      if (action.payload.session) state.session = action.payload.session;
    },
    loggedOut(state) {
      state.user = null;
    },
    /** An admin changed the site's settings from this page: the server's answer replaces them. */
    settingsChanged(state, action: PayloadAction<SiteSettings>) {
      state.settings = action.payload;
    },
    /** The current user's record changed (profile refresh); ignored when nobody is logged in. */
    userUpdated(state, action: PayloadAction<User>) {
      if (state.user && state.user.uuid === action.payload.uuid) state.user = action.payload;
    },
  },
});

export const { bootstrapRequested, bootstrapped, bootstrapFailed, loggedIn, loggedOut, settingsChanged, userUpdated } =
  sessionSlice.actions;

type WithSession = { session: SessionState };

export const selectSessionStatus = (state: WithSession): SessionStatus => state.session.status;
export const selectSessionError = (state: WithSession): ApiError | null => state.session.error;
export const selectCurrentUser = (state: WithSession): User | null => state.session.user;
export const selectSettings = (state: WithSession): SiteSettings | null => state.session.settings;
export const selectSectionUuid = (state: WithSession): string | null => state.session.sectionUuid;
export const selectSiteDomains = (state: WithSession): string[] => state.session.domains;
export { selectPage };

/** Logged in: a user that is not a guest (spec §5: privilege guest, anonymous flag or the zero uuid). */
export function isLoggedInUser(user: User | null | undefined): user is User {
  return (
    !!user && !user.anonymous && user.user_privilege !== 'guest' && user.uuid !== ANONYMOUS_UUID && !!user.uuid
  );
}

export const selectIsLoggedIn = (state: WithSession): boolean => isLoggedInUser(state.session.user);
