/**
 * What readers and moderators do to a comment after it was posted (content.md §4, §5, §7):
 * edit, remove, flag, pick, pin, the moderation states, and — for moderators — the container's
 * settings and a ban of the author. Each per-comment answer is the comment after the change,
 * merged into every cached copy; flagging is optimistic and undone on error. Errors reach the
 * caller (the comment shows them): nothing is dropped silently.
 */
import type { Comment, Container, ContainerSettings } from './types.ts';
import { baseApi } from './base.ts';
import { applyChangedComment, findCachedComment, updateCommentInCaches } from './commentCacheUpdates.ts';
import { commentQueriesApi } from './commentQueries.ts';

interface CommentRef {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
}

export type ModerationAction = 'enable' | 'disable' | 'spam' | 'unspam';
/** Toggles with an undo: POST sets, DELETE takes back. */
export type CommentToggle = 'flag' | 'pick' | 'pin';

export interface EditCommentArgs extends CommentRef {
  content: string;
}
export interface ToggleCommentArgs extends CommentRef {
  toggle: CommentToggle;
  on: boolean;
}
export interface ModerateArgs extends CommentRef {
  action: ModerationAction;
}
export interface ContainerSettingsArgs {
  sectionUuid: string;
  containerUuid: string;
  /** The settings to change (turning one off is the same as the server's DELETE reset of it). */
  settings: Partial<ContainerSettings>;
}

export type GivenBanLevel = 'posting' | 'ghost' | 'hide';
export interface BanUserArgs {
  userUuid: string;
  banLevel: GivenBanLevel;
  reason: string;
  /** Days; null for a permanent ban. */
  durationDays: number | null;
}
export interface Ban {
  ban_uuid: string;
  user_uuid: string;
  ban_level: string;
  user_message: string;
  is_permanent: boolean;
  date_created: number;
  date_expired: number | null;
}

/** Where each toggle lives (spec §7): pins are under content/, flags and picks under comments/. */
const TOGGLE_PATHS: Record<CommentToggle, (uuid: string) => string> = {
  flag: (uuid) => `comments/${uuid}/flag`,
  pick: (uuid) => `comments/${uuid}/pick`,
  pin: (uuid) => `content/${uuid}/pin`,
};

/** The state last asked for per comment and toggle (see toggleComment). */
const latestToggle = new Map<string, boolean>();

type Lifecycle = { dispatch: Parameters<typeof applyChangedComment>[0]; getState: () => unknown; queryFulfilled: Promise<{ data: Comment }> };

/** The server's answer is the comment after the change, for this viewer: every copy follows. */
async function mergeAnswer({ dispatch, getState, queryFulfilled }: Lifecycle): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    applyChangedComment(dispatch, getState, data, true);
  } catch {
    // The error reaches the caller through the mutation result.
  }
}

export const commentActionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    editComment: build.mutation<Comment, EditCommentArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, content }) => ({
        service: 'comments',
        method: 'POST',
        url: `${sectionUuid}/${containerUuid}/content/${contentUuid}/edit`,
        containerUuid,
        body: { content },
      }),
      onQueryStarted: (_args, api) => mergeAnswer(api),
    }),
    removeComment: build.mutation<{ content_uuid: string; state: 'deleted' }, CommentRef>({
      query: ({ sectionUuid, containerUuid, contentUuid }) => ({
        service: 'comments',
        method: 'DELETE',
        url: `${sectionUuid}/${containerUuid}/comments/${contentUuid}`,
        containerUuid,
      }),
      async onQueryStarted({ containerUuid, contentUuid }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
          const cached = findCachedComment(getState, containerUuid, contentUuid);
          if (cached) applyChangedComment(dispatch, getState, { ...cached, state: 'deleted' }, false);
        } catch {
          // Shown by the caller; the comment stays as it was.
        }
      },
    }),
    toggleComment: build.mutation<Comment, ToggleCommentArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, toggle, on }) => ({
        service: 'comments',
        method: on ? 'POST' : 'DELETE',
        url: `${sectionUuid}/${containerUuid}/${TOGGLE_PATHS[toggle](contentUuid)}`,
        containerUuid,
      }),
      async onQueryStarted({ containerUuid, contentUuid, toggle, on }, api) {
        const key = `${contentUuid}:${toggle}`;
        latestToggle.set(key, on);
        // A flag is the viewer's own mark: shown at once, undone if the server refuses it.
        const optimistic =
          toggle === 'flag' ? updateCommentInCaches(api.dispatch, api.getState, containerUuid, contentUuid, (c) => void (c.actions.flagged = on)) : null;
        try {
          await api.queryFulfilled;
        } catch {
          optimistic?.undo();
        }
        // A quick undo may overtake this call: only the latest one's answer is shown.
        if (latestToggle.get(key) !== on) return;
        latestToggle.delete(key);
        await mergeAnswer(api);
      },
    }),
    moderateComment: build.mutation<Comment, ModerateArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, action }) => ({
        service: 'comments',
        method: 'POST',
        url: `${sectionUuid}/${containerUuid}/moderation/${contentUuid}/${action}`,
        containerUuid,
      }),
      onQueryStarted: (_args, api) => mergeAnswer(api),
    }),
    changeContainerSettings: build.mutation<Container, ContainerSettingsArgs>({
      query: ({ sectionUuid, containerUuid, settings }) => ({
        service: 'comments',
        method: 'POST',
        url: `${sectionUuid}/${containerUuid}/settings`,
        containerUuid,
        body: { ...settings },
      }),
      async onQueryStarted({ containerUuid }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const util = commentQueriesApi.util;
          for (const args of util.selectCachedArgsForQuery(getState() as never, 'container')) {
            dispatch(
              util.updateQueryData('container', args, (c) => {
                if (c.content_container_uuid === containerUuid) c.settings = data.settings;
              }),
            );
          }
        } catch {
          // Shown by the caller.
        }
      },
    }),
    banUser: build.mutation<Ban, BanUserArgs>({
      query: ({ userUuid, banLevel, reason, durationDays }) => ({
        url: `users/${userUuid}/ban`,
        method: 'POST',
        body: { ban_level: banLevel, reason, ...(durationDays === null ? { permanent: true } : { duration_days: durationDays }) },
      }),
    }),
  }),
});

export const {
  useEditCommentMutation,
  useRemoveCommentMutation,
  useChangeContainerSettingsMutation,
  useBanUserMutation,
} = commentActionsApi;
