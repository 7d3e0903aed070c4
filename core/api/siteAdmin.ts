/**
 * A site admin's calls on `/api/v2` for `<vf-site-settings>`: change the site's settings
 * (`PATCH /settings`, docs/settings.md) and the login methods configured for the site
 * (`GET /sites/{uuid}/logins`, `DELETE /sites/{uuid}/logins/{method}`, docs/login.md). A change
 * of settings replaces the page's copy from bootstrap with the server's answer.
 */
import type { SiteSettings, StoredSiteSettings } from '../settings/site.ts';
import { settingsChanged } from '../session/slice.ts';
import { baseApi } from './base.ts';

/** Each configured method's settings as an admin reads them back (secrets only as `true`). */
export type SiteLogins = Record<string, Record<string, unknown>>;

export const siteAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    changeSiteSettings: build.mutation<SiteSettings, Partial<StoredSiteSettings>>({
      query: (change) => ({ url: 'settings', method: 'PATCH', body: change }),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(settingsChanged(data));
      },
    }),
    siteLogins: build.query<SiteLogins, string>({
      query: (siteUuid) => ({ url: `sites/${siteUuid}/logins` }),
    }),
    removeSiteLogin: build.mutation<{ method: string; removed: boolean }, { siteUuid: string; method: string }>({
      query: ({ siteUuid, method }) => ({ url: `sites/${siteUuid}/logins/${method}`, method: 'DELETE' }),
      async onQueryStarted({ siteUuid, method }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true, () => false))) return; // the caller shows the failure
        dispatch(siteAdminApi.util.updateQueryData('siteLogins', siteUuid, (logins) => void delete logins[method]));
      },
    }),
  }),
});

export const { useSiteLoginsQuery } = siteAdminApi;
