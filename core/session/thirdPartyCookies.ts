/**
 * Startup step (spec §4): can this browser send the API's cookies from a publisher's page?
 * Asked once per browser session (`GET thirdpartycookie`), remembered in sessionStorage, and
 * sent as `thirdparty_enabled` with login and refresh calls. The server sets a probe cookie
 * on the first answer, so a browser that keeps third-party cookies says yes on the second.
 */
import { baseApi } from '../api/base.ts';
import { readThirdPartyEnabled, writeThirdPartyEnabled } from './storage.ts';

export { thirdPartyEnabled } from './storage.ts';

const thirdPartyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    thirdPartyCookie: build.query<{ thirdparty_enabled: boolean }, number>({
      query: () => ({ url: 'thirdpartycookie' }),
    }),
  }),
});

type Dispatch = (action: any) => any;

/** Looks the capability up unless this browser session already has the answer. */
export async function lookUpThirdPartyCookies(dispatch: Dispatch): Promise<boolean> {
  const known = readThirdPartyEnabled();
  if (known !== null) return known;
  let enabled = false;
  for (const attempt of [1, 2]) {
    const result: { data?: { thirdparty_enabled: boolean } } = await dispatch(
      thirdPartyApi.endpoints.thirdPartyCookie.initiate(attempt, { subscribe: false, forceRefetch: true }),
    );
    if (!result.data) return false; // unreachable API: ask again next session
    enabled = result.data.thirdparty_enabled === true;
    if (enabled) break;
  }
  writeThirdPartyEnabled(enabled);
  return enabled;
}
