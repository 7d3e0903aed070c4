/**
 * A site's automatic moderation for its admins (`GET`/`PATCH /api/v2/moderation/settings`,
 * docs/moderation.md): word lists, links, new commenters, the scorers. The scorers' keys are
 * write-only: answers say `key_set`; a change sends `key` only to replace or clear one.
 */
import type { AutoModerationSettings, ScorerSettings } from '../moderation/types.ts';
import { baseApi } from './base.ts';

/** A change: any fields, each scorer's partly. */
export type AutoModerationChange = Partial<Omit<AutoModerationSettings, 'spam_scorer' | 'toxicity_scorer'>> & {
  spam_scorer?: Partial<ScorerSettings>;
  toxicity_scorer?: Partial<ScorerSettings>;
};

export const moderationSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    autoModerationSettings: build.query<AutoModerationSettings, string>({
      query: (section) => ({ url: 'moderation/settings', params: { section } }),
    }),
    changeAutoModerationSettings: build.mutation<AutoModerationSettings, { section: string; change: AutoModerationChange }>({
      query: ({ change }) => ({ url: 'moderation/settings', method: 'PATCH', body: { ...change } }),
      async onQueryStarted({ section }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null })); // the caller shows the failure
        if (!data) return;
        dispatch(moderationSettingsApi.util.upsertQueryData('autoModerationSettings', section, data));
      },
    }),
  }),
});

export const { useAutoModerationSettingsQuery } = moderationSettingsApi;
