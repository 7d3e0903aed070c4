/**
 * Startup step 2 (spec §4): POST bootstrap/v2 → user, settings, section tree, session.
 * The site is named by `window.vfConfig.siteUuid` when set, else by the page's domain.
 */
import type { BootstrapResult } from '../api/types.ts';
import { baseApi } from '../api/base.ts';
import { toApiError } from '../api/errors.ts';
import { configuredSiteUuid } from '../config.ts';
import type { PageState } from '../page/slice.ts';
import { bootstrapFailed, bootstrapped, bootstrapRequested, type SessionState } from './slice.ts';
import { writeSession } from './storage.ts';

export interface BootstrapArgs {
  domain?: string;
  site_uuid?: string;
  section_tree: boolean;
}

export const bootstrapApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    bootstrap: build.mutation<BootstrapResult, BootstrapArgs>({
      query: (body) => ({ url: 'bootstrap/v2', method: 'POST', body: { ...body } }),
    }),
  }),
});

/** Any store dispatch (elements pass `useStore().dispatch`, typed without thunks). */
type Dispatch = (action: any) => any;
type State = { session: SessionState; page: PageState };

export function bootstrapArgs(state: State): BootstrapArgs {
  const siteUuid = configuredSiteUuid();
  if (siteUuid) return { site_uuid: siteUuid, section_tree: true };
  const domain = state.page.identity?.domain;
  return domain ? { domain, section_tree: true } : { section_tree: true };
}

/** Runs bootstrap unless it is under way or done; resolves true once the session is ready. */
export async function bootstrapSession(dispatch: Dispatch, getState: () => State): Promise<boolean> {
  const before = getState().session.status;
  if (before === 'ready') return true;
  if (before === 'loading') return false;
  dispatch(bootstrapRequested());
  const result: { data?: BootstrapResult; error?: unknown } = await dispatch(
    bootstrapApi.endpoints.bootstrap.initiate(bootstrapArgs(getState())),
  );
  const data = result.data;
  if (result.error || !data) {
    dispatch(bootstrapFailed(toApiError(result.error)));
    return false;
  }
  if (data.session) writeSession(data.session);
  dispatch(bootstrapped(data));
  return true;
}
