/**
 * The moderation queue's calls (docs/moderation.md "API", base `/api/v2`, moderators and admins
 * of the site): counts, a queue's pages with filters, the page filter's search, decisions and
 * their undo, the user drawer with its switches and staff notes. A decision leaves every cached
 * queue page at once (the live `decided` event does the same for other moderators' decisions:
 * moderationLive.ts); counts are read again after it.
 */
import type {
  Decision, DecisionResult, PageOption, ProfileItem, QueueCounts, QueueItem, QueuePage, StaffNote, UserDrawer,
} from '../moderation/types.ts';
import { baseApi } from './base.ts';
import type { CachedQueuePage, QueueArgs, QueueOrder, UserSwitches } from './moderationTypes.ts';

export interface DecideArgs {
  decision: Decision;
  /** Each item with the state the moderator saw (the server answers 409 if it moved since). */
  items: Array<Pick<QueueItem, 'uuid' | 'state'>>;
}

export const moderationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    moderationCounts: build.query<QueueCounts, void>({
      query: () => ({ url: 'moderation/counts' }),
    }),
    moderationQueue: build.query<CachedQueuePage, QueueArgs>({
      query: ({ queue, kind, container, author, pageSection, q, order, cursor }) => ({
        url: `moderation/queue/${queue}`,
        params: { kind, container, author, page_section: pageSection, q, order, cursor },
      }),
    }),
    /** The `profiles` queue: new names and pictures that wait. */
    moderationProfiles: build.query<QueuePage<ProfileItem>, { order: QueueOrder; cursor?: string }>({
      query: ({ order, cursor }) => ({ url: 'moderation/queue/profiles', params: { order, cursor } }),
    }),
    /** Approves or rejects a user's new name or picture (the users API's own call, docs/api.md "Users"). */
    decideProfile: build.mutation<unknown, { userUuid: string; field: 'username' | 'avatar'; decision: 'approve' | 'reject' }>({
      query: ({ userUuid, field, decision }) => ({ url: `users/${userUuid}/moderation/${field}/${decision}`, method: 'POST', body: {} }),
      async onQueryStarted({ userUuid, field }, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true, () => false);
        if (done) {
          for (const args of moderationApi.util.selectCachedArgsForQuery(getState() as ApiState, 'moderationProfiles')) {
            dispatch(
              moderationApi.util.updateQueryData('moderationProfiles', args, (page) => {
                for (const item of page.items) if (item.uuid === userUuid) item.waiting = item.waiting.filter((f) => f !== field);
                page.items = page.items.filter((item) => item.waiting.length > 0);
              }),
            );
          }
        }
        dispatch(readCountsAgain());
      },
    }),
    moderationPages: build.query<PageOption[], string>({
      query: (q) => ({ url: 'moderation/pages', params: { q } }),
    }),
    decide: build.mutation<DecisionResult, DecideArgs>({
      query: ({ decision, items }) => ({ url: 'moderation/decisions', method: 'POST', body: { decision, items } }),
      // Decided items leave every queue; so do those another moderator decided first (409, conflicts).
      async onQueryStarted({ items }, { dispatch, getState, queryFulfilled }) {
        const state = getState as () => ApiState;
        try {
          const { data } = await queryFulfilled;
          removeFromQueues(dispatch, state, [...data.decided, ...data.conflicts].map((d) => d.uuid));
        } catch (failure) {
          const status = (failure as { error?: { error_status?: number } }).error?.error_status;
          if (status === 409) removeFromQueues(dispatch, state, items.map((i) => i.uuid));
        }
        dispatch(readCountsAgain());
      },
    }),
    undoDecision: build.mutation<unknown, string>({
      query: (decisionUuid) => ({ url: `moderation/decisions/${decisionUuid}/undo`, method: 'POST', body: {} }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(readCountsAgain());
      },
    }),
    moderationUser: build.query<UserDrawer, string>({
      query: (userUuid) => ({ url: `moderation/users/${userUuid}` }),
    }),
    updateModerationUser: build.mutation<unknown, { userUuid: string } & UserSwitches>({
      query: ({ userUuid, ...switches }) => ({ url: `moderation/users/${userUuid}`, method: 'PATCH', body: { ...switches } }),
      async onQueryStarted({ userUuid, ...switches }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          moderationApi.util.updateQueryData('moderationUser', userUuid, (drawer) => void Object.assign(drawer.user, switches)),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    addStaffNote: build.mutation<StaffNote, { userUuid: string; text: string }>({
      query: ({ userUuid, text }) => ({ url: `moderation/users/${userUuid}/notes`, method: 'POST', body: { text } }),
      async onQueryStarted({ userUuid }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(moderationApi.util.updateQueryData('moderationUser', userUuid, (drawer) => void drawer.notes.unshift(answer.data)));
      },
    }),
  }),
});

type ApiState = Parameters<typeof moderationApi.util.selectCachedArgsForQuery>[0];
type Dispatch = (action: unknown) => unknown;

/** The counts, read again (after a decision or its undo). */
const readCountsAgain = () => moderationApi.endpoints.moderationCounts.initiate(undefined, { subscribe: false, forceRefetch: true });

/** Takes items out of every cached queue page, arrived ones included (a decision moved them elsewhere). */
export function removeFromQueues(dispatch: Dispatch, getState: () => ApiState, uuids: readonly string[]): void {
  const gone = new Set(uuids);
  for (const args of moderationApi.util.selectCachedArgsForQuery(getState(), 'moderationQueue')) {
    dispatch(
      moderationApi.util.updateQueryData('moderationQueue', args, (page) => {
        page.items = page.items.filter((item) => !gone.has(item.uuid));
        if (page.arrived) page.arrived = page.arrived.filter((item) => !gone.has(item.uuid));
      }),
    );
  }
}

/** Puts an item back where it was in a cached queue page (an undone decision), unless it is there. */
export function restoreToQueue(dispatch: Dispatch, args: QueueArgs, item: QueueItem, index: number): void {
  dispatch(
    moderationApi.util.updateQueryData('moderationQueue', args, (page) => {
      if (!page.items.some((i) => i.uuid === item.uuid)) page.items.splice(Math.min(index, page.items.length), 0, item);
      if (page.arrived) page.arrived = page.arrived.filter((i) => i.uuid !== item.uuid);
    }),
  );
}

/** Shows the items that arrived live ("N new"): first when newest come first, else last; the rest stay put. */
export function revealArrived(dispatch: Dispatch, args: QueueArgs): void {
  dispatch(
    moderationApi.util.updateQueryData('moderationQueue', args, (page) => {
      const arrived = page.arrived ?? []; // newest first
      page.items = args.order === 'oldest' ? [...page.items, ...arrived.reverse()] : [...arrived, ...page.items];
      page.arrived = [];
    }),
  );
}

export const {
  useModerationCountsQuery, useModerationQueueQuery, useModerationProfilesQuery, useDecideProfileMutation, useModerationPagesQuery, useDecideMutation, useUndoDecisionMutation,
  useModerationUserQuery, useUpdateModerationUserMutation, useAddStaffNoteMutation,
} = moderationApi;
