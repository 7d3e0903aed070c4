/**
 * Statements of reasons and appeals as their reader sees them (docs/law.md "Statements of
 * reasons", "Appeals"; DSA Art. 17, 20): the signed-in reader's statements, one statement, and an
 * appeal of one. A sent appeal is written into every cached copy of its statement at once, so the
 * panel that sent it shows its state without asking again.
 */
import type { Appeal, Statement } from '../legal/types.ts';
import { baseApi } from './base.ts';

export interface MyStatements {
  items: Statement[];
}

export interface AppealArgs {
  statementUuid: string;
  text: string;
}

/** The newest of the reader's statements about an item of content (the item's menu knows the item, not the statement). */
export function statementAbout(list: MyStatements | undefined, contentUuid: string): Statement | null {
  return list?.items.find((statement) => statement.item.content_uuid === contentUuid) ?? null;
}

/** The statement an appeal was made against (an `appeal_decided` notification names the appeal). */
export function statementOfAppeal(list: MyStatements | undefined, appealUuid: string): Statement | null {
  return list?.items.find((statement) => statement.appeal?.uuid === appealUuid) ?? null;
}

export const statementsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /legal/statements/mine: newest first, at most 50. */
    myStatements: build.query<MyStatements, void>({
      query: () => ({ url: 'legal/statements/mine' }),
    }),
    /** GET /legal/statements/:uuid: the statement with its latest appeal. */
    statement: build.query<Statement, string>({
      query: (uuid) => ({ url: `legal/statements/${encodeURIComponent(uuid)}` }),
    }),
    /** POST /legal/appeals by the statement's reader (within six months, one open at a time). */
    sendAppeal: build.mutation<Appeal, AppealArgs>({
      query: ({ statementUuid, text }) => ({ url: 'legal/appeals', method: 'POST', body: { statement_uuid: statementUuid, text } }),
      async onQueryStarted({ statementUuid }, { dispatch, queryFulfilled }) {
        const { data: appeal } = await queryFulfilled.catch(() => ({ data: null }));
        if (!appeal) return;
        dispatch(
          statementsApi.util.updateQueryData('statement', statementUuid, (draft) => {
            draft.appeal = appeal;
          }),
        );
        dispatch(
          statementsApi.util.updateQueryData('myStatements', undefined, (draft) => {
            const statement = draft.items.find((item) => item.uuid === statementUuid);
            if (statement) statement.appeal = appeal;
          }),
        );
      },
    }),
  }),
});

export const { useMyStatementsQuery, useStatementQuery, useSendAppealMutation } = statementsApi;
