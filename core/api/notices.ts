/**
 * Notices of illegal content (DSA Art. 16, docs/law.md "Notices of illegal content"): the site's
 * kinds of illegality (`GET /api/v2/legal/settings`, anyone reads them) and the notice itself
 * (`POST /api/v2/legal/notices`, guests too). Only the notice form imports this file, so a reader
 * who never opens it never downloads these endpoints. A refusal for sending too many keeps how
 * long to wait (`retry_after`, seconds) in its error's `data`.
 */
import type { LegalSettings, NoticeTargetType } from '../legal/types.ts';
import { baseApi } from './base.ts';
import { runQuery } from './baseQuery.ts';
import type { ApiError } from './errors.ts';

/** What a notice points at: an item, or a reader's name or picture. */
export type NoticeTarget =
  | { type: Extract<NoticeTargetType, 'content'>; uuid: string }
  | { type: Exclude<NoticeTargetType, 'content'>; user_uuid: string };

export interface NoticeBody {
  target: NoticeTarget;
  kind: string;
  explanation: string;
  /** Left out: the signed-in reader's own is used (and none for a `csam` notice by a guest). */
  reporter_name?: string;
  reporter_email?: string;
  good_faith: true;
}

export interface NoticeReceipt {
  uuid: string;
  reference: string;
}

/** Seconds to wait from a 429: the body's `retry_after`, else the Retry-After header (readable on the same origin only). */
function withRetryAfter(error: ApiError, header: string | null): ApiError {
  const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as Record<string, unknown>;
  const seconds = Number(body.retry_after ?? header);
  return Number.isFinite(seconds) && seconds > 0 ? { ...error, data: { ...body, retry_after: seconds } } : error;
}

export const noticesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLegalSettings: build.query<LegalSettings, void>({
      query: () => ({ url: 'legal/settings' }),
    }),
    postNotice: build.mutation<NoticeReceipt, NoticeBody>({
      async queryFn(body, api) {
        let retryAfter: string | null = null;
        const own = (api.extra as { fetch?: typeof fetch } | undefined)?.fetch ?? fetch;
        const watching: typeof fetch = async (input, init) => {
          const response = await own(input, init);
          retryAfter = response.headers.get('retry-after');
          return response;
        };
        const outcome = await runQuery(
          { url: 'legal/notices', method: 'POST', body: { ...body } },
          { getState: api.getState, dispatch: api.dispatch, signal: api.signal, extra: { fetch: watching } },
        );
        if ('error' in outcome) return { error: outcome.error.error_status === 429 ? withRetryAfter(outcome.error, retryAfter) : outcome.error };
        return { data: outcome.data as NoticeReceipt };
      },
    }),
  }),
});

export const { useGetLegalSettingsQuery, usePostNoticeMutation } = noticesApi;
