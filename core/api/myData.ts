/**
 * A reader's own data (docs/law.md "Readers' data"; GDPR Art. 15, 17, 20): the download of
 * everything vf holds about them as one JSON file, and the deletion of their account — asked with
 * the password (or, for an account without one, after a fresh login), 14 days' grace, cancelled by
 * the reader or by logging in. Whether a deletion is due is one cached answer per account, which
 * the deletion calls keep up to date.
 */
import type { LegalSettings } from '../legal/types.ts';
import { readAccessToken } from '../session/storage.ts';
import { baseApi } from './base.ts';
import { buildRequest, refreshSession, runQuery, type VfRequest } from './baseQuery.ts';
import { errorFromResponse, networkError, type ApiError } from './errors.ts';

export interface DeletionAnswer {
  /** When the account is erased (ms), or null: no deletion is asked. */
  delete_after: number | null;
}

/** The server's answer to an account without a password whose login is too old to confirm a deletion. */
export function isFreshLoginRequired(error: ApiError): boolean {
  if (error.error_status !== 403) return false;
  return `${error.message} ${JSON.stringify(error.data ?? '')}`.includes('fresh_login_required');
}

/** A 401 about the password (`field: 'password'`), not about the session. */
export function isPasswordRefused(error: ApiError): boolean {
  const data = error.data as { field?: unknown } | null;
  return error.error_status === 401 && data?.field === 'password';
}

export const myDataApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /legal/settings: what erasure does to the reader's content (`erased_content`). */
    siteLegalSettings: build.query<LegalSettings, void>({
      query: () => ({ url: 'legal/settings' }),
    }),
    /** GET /users/me/deletion; the argument is the reader's uuid (one cache entry per account). */
    myDeletion: build.query<DeletionAnswer, string>({
      query: () => ({ url: 'users/me/deletion' }),
    }),
    /**
     * POST /users/me/deletion: `password` for an account that has one. A wrong password is the
     * answer, not an expired session: only a 401 about the session refreshes it and asks again
     * (a refused password counts as a login attempt, twice if asked twice).
     */
    requestDeletion: build.mutation<DeletionAnswer, { userUuid: string; password?: string }>({
      async queryFn({ password }, api) {
        const args: VfRequest = { url: 'users/me/deletion', method: 'POST', body: password ? { password } : {}, skipAuthRefresh: true };
        let outcome = await runQuery(args, api);
        if ('error' in outcome && outcome.error.error_status === 401 && !isPasswordRefused(outcome.error) && (await refreshSession(api))) {
          outcome = await runQuery(args, api);
        }
        return 'error' in outcome ? { error: outcome.error } : { data: outcome.data as DeletionAnswer };
      },
      async onQueryStarted({ userUuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(myDataApi.util.upsertQueryData('myDeletion', userUuid, data));
      },
    }),
    /** DELETE /users/me/deletion (the site goes in the body, as for every call but GET). */
    cancelDeletion: build.mutation<DeletionAnswer, { userUuid: string }>({
      query: () => ({ url: 'users/me/deletion', method: 'DELETE', body: {} }),
      async onQueryStarted({ userUuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(myDataApi.util.upsertQueryData('myDeletion', userUuid, { delete_after: null }));
      },
    }),
  }),
});

export const { useSiteLegalSettingsQuery, useMyDeletionQuery, useRequestDeletionMutation, useCancelDeletionMutation } = myDataApi;

export interface MyDataFile {
  blob: Blob;
  filename: string;
}

const DEFAULT_FILENAME = 'my-data.json';

/** The name in `Content-Disposition` (readable when the server exposes the header), else a plain one. */
function filenameOf(disposition: string | null): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match?.[1] ? decodeURIComponent(match[1]).replace(/[\\/]/g, '') : '';
  return name || DEFAULT_FILENAME;
}

/**
 * GET /users/me/data as a file: a thunk (`dispatch(fetchMyData())`) that calls the api base the
 * way every endpoint does (session, site, bearer token, cookies; one refresh and retry on 401/403)
 * but keeps the body as it came, bytes and all, instead of reading `result` out of it. Rejects
 * with an ApiError.
 */
export function fetchMyData() {
  return async (dispatch: (action: unknown) => unknown, getState: () => unknown): Promise<MyDataFile> => {
    const send = async () => {
      const { url, init } = buildRequest({ url: 'users/me/data' }, getState(), readAccessToken());
      try {
        return await fetch(url, init);
      } catch (cause) {
        throw networkError(cause);
      }
    };
    let response = await send();
    if ((response.status === 401 || response.status === 403) && (await refreshSession({ getState, dispatch }))) response = await send();
    if (!response.ok) throw errorFromResponse(response.status, await response.text());
    const blob = await response.blob();
    return {
      blob: blob.type ? blob : new Blob([blob], { type: 'application/json' }),
      filename: filenameOf(response.headers.get('content-disposition')),
    };
  };
}
