/**
 * The polls service (`/api/polls`, docs/polls.md): a page's poll, voting, and the moderators'
 * create, close and reopen. Each answer is the poll as this reader sees it and replaces the
 * cached one. Live `poll_updated` events patch the counts in place, or read the poll again when
 * it changed or its counts are not public (registered here, so only pages with a poll carry it).
 */
import type { Poll, PollInput, PostPoll } from './pollTypes.ts';
import { registerContentHandler, type Dispatch } from '../realtime/contentHandlers.ts';
import { voterToken } from '../polls/voterToken.ts';
import { baseApi } from './base.ts';

/** Whose view: the site, the poll's publisher id and the signed-in user (null: a guest, by browser token). */
export interface PollArgs {
  sectionUuid: string;
  pollId: string;
  userUuid: string | null;
}
type PollCall = PollArgs & { pollUuid: string };

const guestToken = (userUuid: string | null) => (userUuid ? {} : { voter_token: voterToken() });
const path = ({ sectionUuid, pollUuid }: PollCall, rest = '') => `${sectionUuid}/${pollUuid}${rest}`;

/** Puts a mutation's answer (the poll after it) in the reader's cache entry for that poll. */
async function keepAnswer({ sectionUuid, pollId, userUuid }: PollArgs, { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: Poll }> }) {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(pollsApi.util.upsertQueryData('poll', { sectionUuid, pollId, userUuid }, answer.data));
}

export const pollsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    poll: build.query<Poll | null, PollArgs>({
      query: ({ sectionUuid, pollId, userUuid }) => ({ url: sectionUuid, service: 'polls', params: { poll_id: pollId, ...guestToken(userUuid) } }),
    }),
    /** The live blog's posts that hold a poll: post uuid → poll id (one request per live blog). */
    postPolls: build.query<Record<string, PostPoll>, { sectionUuid: string; containerUuid: string }>({
      query: ({ sectionUuid, containerUuid }) => ({ url: `${sectionUuid}/containers/${containerUuid}`, service: 'polls' }),
      transformResponse: (result: { items: PostPoll[] }) => Object.fromEntries(result.items.map((item) => [item.content_uuid, item])),
    }),
    createPoll: build.mutation<Poll, PollArgs & { input: Omit<PollInput, 'poll_id'> }>({
      query: ({ sectionUuid, pollId, input }) => ({ url: sectionUuid, service: 'polls', method: 'POST', body: { ...input, poll_id: pollId } }),
      onQueryStarted: keepAnswer,
    }),
    vote: build.mutation<Poll, PollCall & { options: string[] }>({
      query: (args) => ({ url: path(args, '/votes'), service: 'polls', method: 'POST', body: { options: args.options, ...guestToken(args.userUuid) } }),
      onQueryStarted: keepAnswer,
    }),
    setPollClosed: build.mutation<Poll, PollCall & { closed: boolean }>({
      query: (args) => ({ url: path(args, args.closed ? '/close' : '/reopen'), service: 'polls', method: 'POST', body: {} }),
      onQueryStarted: keepAnswer,
    }),
  }),
});

registerContentHandler(['poll'], {
  apply(dispatch, getState, event) {
    const tally = event.poll;
    if (event.event !== 'poll_updated' || !tally) return;
    const state = getState() as Parameters<typeof pollsApi.util.selectCachedArgsForQuery>[0];
    for (const args of pollsApi.util.selectCachedArgsForQuery(state, 'poll')) {
      const cached = pollsApi.endpoints.poll.select(args)(state).data;
      if (!cached || cached.uuid !== event.content_container_uuid) continue;
      const counts = tally.counts;
      if (tally.changed || tally.is_closed !== cached.is_closed || (!counts && cached.results_visible)) {
        void dispatch(pollsApi.endpoints.poll.initiate(args, { subscribe: false, forceRefetch: true }));
      } else if (counts && cached.results_visible) {
        dispatch(pollsApi.util.updateQueryData('poll', args, (poll) => {
          if (!poll) return;
          // Counts only grow: a frame older than the reader's own vote answer never moves them back.
          poll.total_votes = Math.max(poll.total_votes ?? 0, tally.total_votes);
          for (const option of poll.options) option.votes = Math.max(option.votes ?? 0, counts[option.uuid] ?? 0);
        }));
      }
    }
  },
});

export const { usePollQuery, usePostPollsQuery } = pollsApi;
