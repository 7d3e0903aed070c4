/**
 * The staff side of the publisher's legal duties (docs/law.md "API", base `/api/v2`): the
 * moderators' notices and appeals queues and their decisions, the user drawer's trusted-flagger
 * switch, the admins' change of the site's grounds, and the transparency downloads. A decision
 * puts the server's answer in place of the item in every cached page (the moderator sees what was
 * decided where it was); one decided first elsewhere (409) names who and shows as decided too.
 * Counts are read again after each decision.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AppealDecision, AppealItem, LegalSettings, NoticeDecision, NoticeItem } from '../legal/types.ts';
import { baseApi } from './base.ts';
import { buildRequest, refreshSession } from './baseQuery.ts';
import { errorFromResponse, networkError, type ApiError } from './errors.ts';
import { moderationApi } from './moderation.ts';
import { decidedByName, type DecidedBy } from './moderationTypes.ts';
import { noticesApi } from './notices.ts';
import { readAccessToken } from '../session/storage.ts';

/** Open items (the queue) or those already decided (most recently decided first). */
export type LegalQueueState = 'open' | 'decided';

export interface LegalQueueArgs {
  state: LegalQueueState;
  cursor?: string;
}

export interface LegalQueuePage<T> {
  items: T[];
  next_cursor: string | null;
}

export interface DecideNoticeArgs {
  uuid: string;
  decision: NoticeDecision;
  /** `illegal`: the kind of illegality (an id of the site's illegal kinds). */
  ground?: string;
  explanation?: string;
  /** `not_illegal`: also reject the item under this rule of the site's terms. */
  terms_rule?: string;
}

export interface DecideNoticeResult {
  notice: NoticeItem;
  statement_uuid: string | null;
}

export interface DecideAppealArgs {
  uuid: string;
  decision: AppealDecision;
  explanation?: string;
}

/** The queues' counts with the legal ones (`/moderation/counts` carries them besides the queues). */
export interface LegalCounts {
  notices?: number;
  appeals?: number;
}

/** Who decided first, as a 409 names them (a name, or `{ uuid?, name }`), or null for another 409 (the item moved meanwhile). */
export function decidedFirstBy(error: ApiError | undefined): { uuid: string; name: string } | null {
  if (error?.error_status !== 409 || !error.data || typeof error.data !== 'object') return null;
  const by = (error.data as { decided_by?: DecidedBy | { uuid?: string; name: string } }).decided_by;
  const name = decidedByName(by as DecidedBy);
  return name ? { uuid: (by && typeof by === 'object' && 'uuid' in by && by.uuid) || '', name } : null;
}

/** A 409 that names who decided first, with the item as it now is when the server sends it. */
function conflictOf(failure: unknown): { decidedBy: { uuid: string; name: string }; data: Record<string, unknown> } | null {
  const error = (failure as { error?: ApiError }).error;
  const decidedBy = decidedFirstBy(error);
  return decidedBy ? { decidedBy, data: error!.data as Record<string, unknown> } : null;
}

export const legalModerationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    moderationNotices: build.query<LegalQueuePage<NoticeItem>, LegalQueueArgs>({
      query: ({ state, cursor }) => ({ url: 'moderation/notices', params: { state, cursor } }),
    }),
    decideNotice: build.mutation<DecideNoticeResult, DecideNoticeArgs>({
      query: ({ uuid, ...body }) => ({ url: `moderation/notices/${uuid}/decision`, method: 'POST', body: { ...body } }),
      async onQueryStarted({ uuid }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchNotice(dispatch, getState as () => ApiState, uuid, () => data.notice);
        } catch (failure) {
          const conflict = conflictOf(failure);
          if (conflict) {
            const fresh = conflict.data.notice as NoticeItem | undefined;
            patchNotice(dispatch, getState as () => ApiState, uuid, (item) => fresh ?? { ...item, decided_by: conflict.decidedBy });
          }
        }
        dispatch(readCountsAgain());
      },
    }),
    moderationAppeals: build.query<LegalQueuePage<AppealItem>, LegalQueueArgs>({
      query: ({ state, cursor }) => ({ url: 'moderation/appeals', params: { state, cursor } }),
    }),
    decideAppeal: build.mutation<AppealItem, DecideAppealArgs>({
      query: ({ uuid, ...body }) => ({ url: `moderation/appeals/${uuid}/decision`, method: 'POST', body: { ...body } }),
      async onQueryStarted({ uuid }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchAppeal(dispatch, getState as () => ApiState, uuid, () => data);
        } catch (failure) {
          const conflict = conflictOf(failure);
          if (conflict) {
            const fresh = conflict.data.appeal as AppealItem | undefined;
            patchAppeal(dispatch, getState as () => ApiState, uuid, (item) => fresh ?? { ...item, decided_by: conflict.decidedBy });
          }
        }
        dispatch(readCountsAgain());
      },
    }),
    /** The user drawer's trusted-flagger switch (DSA Art. 22): their notices come first. */
    setTrustedFlagger: build.mutation<unknown, { userUuid: string; on: boolean }>({
      query: ({ userUuid, on }) => ({ url: `moderation/users/${userUuid}`, method: 'PATCH', body: { trusted_flagger: on } }),
      async onQueryStarted({ userUuid, on }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          moderationApi.util.updateQueryData('moderationUser', userUuid, (drawer) => void Object.assign(drawer.user, { trusted_flagger: on })),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** Admins: any of the three keys; the answer is the settings after the change. */
    changeLegalSettings: build.mutation<LegalSettings, Partial<LegalSettings>>({
      query: (change) => ({ url: 'legal/settings', method: 'PUT', body: { ...change } }),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null); // the caller shows the failure
        if (answer) dispatch(noticesApi.util.upsertQueryData('getLegalSettings', undefined, answer.data));
      },
    }),
  }),
});

type ApiState = Parameters<typeof legalModerationApi.util.selectCachedArgsForQuery>[0];
type Dispatch = (action: unknown) => unknown;

const readCountsAgain = () => moderationApi.endpoints.moderationCounts.initiate(undefined, { subscribe: false, forceRefetch: true });

function patchNotice(dispatch: Dispatch, getState: () => ApiState, uuid: string, next: (item: NoticeItem) => NoticeItem): void {
  for (const args of legalModerationApi.util.selectCachedArgsForQuery(getState(), 'moderationNotices')) {
    dispatch(
      legalModerationApi.util.updateQueryData('moderationNotices', args, (page) => {
        page.items = page.items.map((item) => (item.uuid === uuid ? next(item) : item));
      }),
    );
  }
}

function patchAppeal(dispatch: Dispatch, getState: () => ApiState, uuid: string, next: (item: AppealItem) => AppealItem): void {
  for (const args of legalModerationApi.util.selectCachedArgsForQuery(getState(), 'moderationAppeals')) {
    dispatch(
      legalModerationApi.util.updateQueryData('moderationAppeals', args, (page) => {
        page.items = page.items.map((item) => (item.uuid === uuid ? next(item) : item));
      }),
    );
  }
}

/**
 * The live channel's `notice` and `appeal` events (core/api/moderationLive.ts): one listed here
 * takes the server's copy in place (decided elsewhere, it shows what was decided and by whom).
 * A new one is not slipped in under the moderator's hands: the counts that follow it offer
 * "Show the latest" (elements/vf-moderation-queue/notices/LegalPanel.tsx).
 */
export function applyLegalEvent(dispatch: Dispatch, getState: () => unknown, live: { notice: NoticeItem } | { appeal: AppealItem }): void {
  const state = getState as () => ApiState;
  if ('notice' in live) patchNotice(dispatch, state, live.notice.uuid, () => live.notice);
  else patchAppeal(dispatch, state, live.appeal.uuid, () => live.appeal);
}

/** The transparency downloads (admins): the report as JSON or CSV, or the statements as JSON Lines. */
export type LegalExport = 'json' | 'csv' | 'jsonl';

export interface LegalDownload {
  blob: Blob;
  filename: string;
}

const EXPORT_URL: Record<LegalExport, (from: number, to: number) => { url: string; params: Record<string, string | number> }> = {
  json: (from, to) => ({ url: 'legal/transparency', params: { from, to, format: 'json' } }),
  csv: (from, to) => ({ url: 'legal/transparency', params: { from, to, format: 'csv' } }),
  jsonl: (from, to) => ({ url: 'legal/statements.jsonl', params: { from, to } }),
};

/** The file's name from Content-Disposition, else one that says what and when. */
function filenameOf(response: Response, what: LegalExport, from: number, to: number): string {
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  if (named?.[1]) return decodeURIComponent(named[1]);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const stem = what === 'jsonl' ? 'vf-statements' : 'vf-transparency';
  return `${stem}-${day(from)}-${day(to)}.${what}`;
}

/**
 * Fetches an export with the page's credentials (the bearer token, the site as `section`), once
 * more after a refreshed session; resolves to the file as a Blob, or rejects with an ApiError.
 * A thunk, not an endpoint: a Blob does not belong in the store.
 */
export function downloadLegalExport(what: LegalExport, from: number, to: number): ThunkAction<Promise<LegalDownload>, unknown, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    const { url, params } = EXPORT_URL[what](from, to);
    const send = async () => {
      const request = buildRequest({ url, params }, getState(), readAccessToken());
      return fetch(request.url, request.init);
    };
    let response: Response;
    try {
      response = await send();
      if (response.status === 401 && (await refreshSession({ getState, dispatch }))) response = await send();
    } catch (cause) {
      throw networkError(cause);
    }
    if (!response.ok) throw errorFromResponse(response.status, await response.text());
    return { blob: await response.blob(), filename: filenameOf(response, what, from, to) };
  };
}

export const {
  useModerationNoticesQuery, useDecideNoticeMutation, useModerationAppealsQuery, useDecideAppealMutation, useSetTrustedFlaggerMutation,
} = legalModerationApi;
