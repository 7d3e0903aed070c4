/**
 * A reader's email preferences (docs/notifications.md "Email"; core/mail/types.ts): how often they
 * are mailed (`email_notice_frequency`) and about what (`categories`), read and changed on
 * `users/me/email-preferences`. One cached answer per account (the argument is the reader's uuid);
 * a change writes the server's answer into it, so what the settings show is what the server keeps.
 */
import type { MailCategories, MailFrequency, MailPreferences } from '../mail/types.ts';
import { baseApi } from './base.ts';

/** What a change sends: either or both; categories left out keep their value. */
export interface MailPreferencesChange {
  email_notice_frequency?: MailFrequency;
  categories?: Partial<MailCategories>;
}

export const mailPreferencesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/me/email-preferences (the site goes in the query, as for every GET). */
    mailPreferences: build.query<MailPreferences, string>({
      query: () => ({ url: 'users/me/email-preferences' }),
    }),
    /** PATCH /users/me/email-preferences: answers the preferences as now kept. */
    updateMailPreferences: build.mutation<MailPreferences, { userUuid: string; change: MailPreferencesChange }>({
      query: ({ change }) => ({ url: 'users/me/email-preferences', method: 'PATCH', body: { ...change } }),
      async onQueryStarted({ userUuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(mailPreferencesApi.util.upsertQueryData('mailPreferences', userUuid, data));
      },
    }),
  }),
});

export const { useMailPreferencesQuery, useUpdateMailPreferencesMutation } = mailPreferencesApi;
