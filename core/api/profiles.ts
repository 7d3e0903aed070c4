/**
 * Profiles, follows and mutes (docs/accounts.md; spec content.md §4). Mute is optimistic: the
 * user is marked muted and added to the mute list at once, a followed user is unfollowed first
 * (then `user / reload` is published), and a failure rolls everything back silently. Profile
 * changes (name, avatar removal) show at once and the previous data comes back on failure.
 */
import { publish } from '../global-api/bus.ts';
import { isLoggedInUser, userUpdated, type SessionState } from '../session/slice.ts';
import { baseApi } from './base.ts';
import type { ApiError } from './errors.ts';
import type { User } from './types.ts';

/** Spec content.md §9: mutes limit and followers page size. */
export const LIST_LIMIT = 100;

export interface ListResult<T> {
  items: T[];
  total_count: number;
}
export interface Follower {
  uuid: string;
  date_followed: number;
}
export interface MuteEntry {
  uuid: string;
  type: 'user';
  is_muted: boolean;
  date_muted: number | null;
}

export interface ProfileChange {
  uuid: string;
  name?: string;
  /** A new picture (File or Blob), or null to remove the current one. */
  avatar?: Blob | null;
}

type State = { session: SessionState };
/** Any store dispatch (thunk-capable: a dispatched cache update returns its undo). */
type Dispatch = (action: any) => any;

export const profilesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    user: build.query<User, string>({
      query: (id) => ({ url: `users/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    followers: build.query<ListResult<Follower>, string>({
      query: (id) => ({ url: `followers/${id}`, params: { limit: LIST_LIMIT } }),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    /** The signed-in reader's mute list (pass their uuid). */
    mutes: build.query<ListResult<MuteEntry>, string>({
      query: (uuid) => ({ url: `mutes/${uuid}`, params: { limit: LIST_LIMIT } }),
    }),
    follow: build.mutation<{ uuid: string; date_following: number }, { uuid: string; pageId?: string }>({
      query: ({ uuid, pageId }) => ({ url: `follows/${uuid}`, method: 'PUT', body: pageId ? { page_id: pageId } : {} }),
      async onQueryStarted({ uuid }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(profilesApi.util.updateQueryData('user', uuid, (user) => void (user.date_following = data.date_following)));
        // 'Follows': the follow lists (subscriptions.ts) read the same follows.
        dispatch(profilesApi.util.invalidateTags([{ type: 'User', id: uuid }, 'Follows']));
      },
    }),
    unfollow: build.mutation<unknown, { uuid: string }>({
      query: ({ uuid }) => ({ url: `follows/${uuid}`, method: 'DELETE' }),
      async onQueryStarted({ uuid }, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true, () => false))) return;
        dispatch(profilesApi.util.updateQueryData('user', uuid, (user) => void (user.date_following = null)));
        dispatch(profilesApi.util.invalidateTags([{ type: 'User', id: uuid }, 'Follows']));
      },
    }),
    mute: build.mutation<MuteEntry, { uuid: string }>({
      async queryFn({ uuid }, api, _extra, baseQuery) {
        const followed = followedInCache(api.getState() as State, uuid);
        const undo = markMuted(api.dispatch as Dispatch, api.getState() as State, uuid, Date.now());
        if (followed) {
          const dropped = await baseQuery({ url: `follows/${uuid}`, method: 'DELETE' });
          if (dropped.error) return rollback(undo, dropped.error);
        }
        const result = await baseQuery({ url: `mutes/${uuid}`, method: 'PUT' });
        if (result.error) return rollback(undo, result.error);
        if (followed) publish('user', 'reload', { uuid, reason: 'mute' });
        return { data: result.data as MuteEntry };
      },
    }),
    unmute: build.mutation<MuteEntry, { uuid: string }>({
      async queryFn({ uuid }, api, _extra, baseQuery) {
        const undo = markMuted(api.dispatch as Dispatch, api.getState() as State, uuid, null);
        const result = await baseQuery({ url: `mutes/${uuid}`, method: 'DELETE' });
        if (result.error) return rollback(undo, result.error);
        return { data: result.data as MuteEntry };
      },
    }),
    updateProfile: build.mutation<User, ProfileChange>({
      query: ({ uuid, name, avatar }) => {
        if (avatar === undefined) return { url: `users/${uuid}`, method: 'PATCH', body: { name } };
        const form = new FormData();
        if (name !== undefined) form.set('name', name);
        // An empty `avatar` field removes the picture.
        form.set('avatar', avatar ?? '');
        return { url: `users/${uuid}`, method: 'PATCH', form };
      },
      async onQueryStarted({ uuid, name, avatar }, { dispatch, getState, queryFulfilled }) {
        const before = (getState() as unknown as State).session.user;
        const mine = before?.uuid === uuid ? before : null;
        // Shown at once: the new name (unless it waits for a moderator) and a removed picture.
        if (mine) {
          const shown = { ...mine };
          if (name !== undefined && !(getState() as unknown as State).session.settings?.enable_username_premoderation) shown.name = name;
          if (avatar === null) Object.assign(shown, { pic_small: null, pic_large: null, pic_small_pending: null, pic_large_pending: null });
          dispatch(userUpdated(shown));
        }
        try {
          const { data } = await queryFulfilled;
          if (mine) dispatch(userUpdated(data));
          dispatch(profilesApi.util.upsertQueryData('user', uuid, data));
        } catch {
          if (mine) dispatch(userUpdated(mine));
        }
      },
    }),
  }),
});

function followedInCache(state: State, uuid: string): boolean {
  const cached = profilesApi.endpoints.user.select(uuid)(state as never).data;
  return cached?.date_following != null;
}

/** Marks `uuid` muted (date) or unmuted (null) in the caches; returns the undo. */
function markMuted(dispatch: Dispatch, state: State, uuid: string, date: number | null): () => void {
  const patches: { undo(): void }[] = [
    dispatch(profilesApi.util.updateQueryData('user', uuid, (user) => {
      user.date_muted = date;
      if (date !== null) user.date_following = null;
    })),
  ];
  const me = state.session.user;
  if (isLoggedInUser(me)) {
    patches.push(
      dispatch(profilesApi.util.updateQueryData('mutes', me.uuid, (list) => {
        const at = list.items.findIndex((entry) => entry.uuid === uuid);
        if (date !== null && at < 0) {
          list.items.unshift({ uuid, type: 'user', is_muted: true, date_muted: date });
          list.total_count += 1;
        } else if (date === null && at >= 0) {
          list.items.splice(at, 1);
          list.total_count -= 1;
        }
      })),
    );
  }
  return () => patches.forEach((patch) => patch.undo());
}

/** Spec: mute and unmute failures roll back silently (no message; the error is still returned). */
function rollback(undo: () => void, error: unknown): { error: ApiError } {
  undo();
  return { error: error as ApiError };
}

/** The mutes query's argument: skipped for guests and when the site turned muting off (spec §6). */
export function mutesArg(state: State): string | null {
  const user = state.session.user;
  return isLoggedInUser(user) && state.session.settings?.enable_muting ? user.uuid : null;
}

export const {
  useUserQuery, useFollowersQuery, useMutesQuery, useFollowMutation, useUnfollowMutation,
  useMuteMutation, useUnmuteMutation, useUpdateProfileMutation,
} = profilesApi;
