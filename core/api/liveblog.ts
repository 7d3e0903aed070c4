/**
 * The live-blog service (docs/api.md "liveblog"): the live blog with its first page of posts,
 * post pages (newest first, paged by `starting_from`), a post's replies, and every write the
 * element makes. Answers are merged into the caches by liveblogCache.ts, which realtime events
 * patch too (core/realtime/liveblogEvents.ts, registered by importing this file).
 */
import { setContainerSignature } from './signatures.ts';
import type { Comment, CommentPage, Container, ContainerSettings, LiveblogPage, LiveblogWithPage, MediaItem } from './types.ts';
import { baseApi } from './base.ts';
import type { ApiError } from './errors.ts';
import type { ReactionResult, ToggleReactionArgs } from './commentMutations.ts';
import { toggleReactionEdit, setReactionEdit } from './commentCache.ts';
import {
  applyChangedContent, findCachedContent, insertPost, insertReply, markRemoved, refetchPosts, setLiveblogSettings, updateContent,
} from './liveblogCache.ts';
import '../realtime/liveblogEvents.ts';

export interface LiveblogArgs {
  sectionUuid: string;
  containerId: string;
  /** Posts per page (1–100). */
  limit: number;
}
export interface PostsArgs {
  sectionUuid: string;
  containerUuid: string;
  limit: number;
}
export interface RepliesArgs extends PostsArgs {
  postUuid: string;
}
export interface ContentRef {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
}
export interface WriteArgs {
  sectionUuid: string;
  containerUuid: string;
  content: string;
}
export type LiveblogModeration = 'enable' | 'disable' | 'spam' | 'unspam';

type Cursor = string | null;
const nextCursor = (last: CommentPage): Cursor | undefined =>
  last.more_available !== false && last.next_starting_from ? last.next_starting_from : undefined;

/**
 * First pages that came with the live blog (`GET /{s}?container_id=`), handed to the posts list
 * so it need not ask again; taken once, and only while fresh (a later list read asks the server).
 */
const firstPages = new Map<string, { page: LiveblogPage; at: number }>();
const FIRST_PAGE_FRESH_MS = 10_000;
const pageKey = (containerUuid: string, limit: number) => `${containerUuid}|${limit}`;

function takeFirstPage(containerUuid: string, limit: number): LiveblogPage | null {
  const key = pageKey(containerUuid, limit);
  const kept = firstPages.get(key);
  firstPages.delete(key);
  return kept && Date.now() - kept.at < FIRST_PAGE_FRESH_MS ? kept.page : null;
}

const s = (sectionUuid: string, containerUuid: string) => `${sectionUuid}/${containerUuid}`;

export const liveblogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // content.md §4 "Widget load": the combined read; a live blog not made yet (404) is made by POST.
    liveblog: build.query<Container, LiveblogArgs>({
      async queryFn({ sectionUuid, containerId, limit }, _api, _extra, baseQuery) {
        const read = await baseQuery({ service: 'liveblog', url: sectionUuid, params: { container_id: containerId, limit } });
        if (read.error && (read.error as ApiError).error_status !== 404) return { error: read.error as ApiError };
        if (!read.error) {
          const { contents, next_starting_from, more_available, latest_seq, pinned, ...container } = read.data as LiveblogWithPage;
          const page: LiveblogPage = { contents, next_starting_from, more_available, total_visible_content: container.total_visible_content, latest_seq, pinned };
          firstPages.set(pageKey(container.content_container_uuid, limit), { page, at: Date.now() });
          setContainerSignature(container.content_container_uuid, container.signature);
          return { data: container };
        }
        const made = await baseQuery({ service: 'liveblog', method: 'POST', url: sectionUuid, body: { container_id: containerId } });
        if (made.error) return { error: made.error as ApiError };
        const container = made.data as Container;
        setContainerSignature(container.content_container_uuid, container.signature);
        return { data: container };
      },
      providesTags: (result) => ['Container', ...(result ? [{ type: 'Container' as const, id: result.content_container_uuid }] : [])],
    }),
    liveblogPosts: build.infiniteQuery<LiveblogPage, PostsArgs, Cursor>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: nextCursor },
      async queryFn({ queryArg, pageParam }, _api, _extra, baseQuery) {
        const { sectionUuid, containerUuid, limit } = queryArg;
        const given = pageParam ? null : takeFirstPage(containerUuid, limit);
        if (given) return { data: given };
        const read = await baseQuery({
          service: 'liveblog',
          url: `${s(sectionUuid, containerUuid)}/posts`,
          containerUuid,
          params: { limit, starting_from: pageParam ?? undefined },
        });
        return read.error ? { error: read.error as ApiError } : { data: read.data as LiveblogPage };
      },
      providesTags: (_result, _error, arg) => ['Comments', { type: 'Comments', id: arg.containerUuid }],
    }),
    liveblogReplies: build.infiniteQuery<CommentPage, RepliesArgs, Cursor>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: nextCursor },
      query: ({ queryArg: { sectionUuid, containerUuid, postUuid, limit }, pageParam }) => ({
        service: 'liveblog',
        url: `${s(sectionUuid, containerUuid)}/replies/${postUuid}`,
        containerUuid,
        params: { limit, sorted_by: 'oldest', starting_from: pageParam ?? undefined },
      }),
      providesTags: (_result, _error, arg) => ['Thread', { type: 'Thread', id: arg.postUuid }],
    }),
    // Items by uuid as the viewer may see them (moderators: held and hidden ones with their reasons).
    liveblogSelection: build.query<{ contents: Comment[] }, { sectionUuid: string; containerUuid: string; uuids: string[] }>({
      query: ({ sectionUuid, containerUuid, uuids }) => ({
        service: 'liveblog',
        url: `${s(sectionUuid, containerUuid)}/selection`,
        containerUuid,
        params: { uuids: uuids.join(',') },
      }),
      keepUnusedDataFor: 0,
    }),
    createPost: build.mutation<Comment, WriteArgs>({
      query: ({ sectionUuid, containerUuid, content }) => ({
        service: 'liveblog', method: 'POST', url: `${s(sectionUuid, containerUuid)}/posts`, containerUuid, body: { content },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) insertPost(dispatch, getState, done.data, true);
      },
    }),
    createReply: build.mutation<Comment, WriteArgs & { parentUuid: string }>({
      query: ({ sectionUuid, containerUuid, parentUuid, content }) => ({
        service: 'liveblog', method: 'POST', url: `${s(sectionUuid, containerUuid)}/replies/${parentUuid}`, containerUuid, body: { content },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) insertReply(dispatch, getState, done.data);
      },
    }),
    editContent: build.mutation<Comment, ContentRef & { content: string }>({
      query: ({ sectionUuid, containerUuid, contentUuid, content }) => ({
        service: 'liveblog', method: 'POST', url: `${s(sectionUuid, containerUuid)}/content/${contentUuid}/edit`, containerUuid, body: { content },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) applyChangedContent(dispatch, getState, done.data, true);
      },
    }),
    removeContent: build.mutation<{ content_uuid: string; state: 'deleted' }, ContentRef>({
      query: ({ sectionUuid, containerUuid, contentUuid }) => ({
        service: 'liveblog', method: 'DELETE', url: `${s(sectionUuid, containerUuid)}/posts/${contentUuid}`, containerUuid,
      }),
      async onQueryStarted({ containerUuid, contentUuid }, { dispatch, getState, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) markRemoved(dispatch, getState, containerUuid, contentUuid);
      },
    }),
    pinPost: build.mutation<Comment, ContentRef & { on: boolean }>({
      query: ({ sectionUuid, containerUuid, contentUuid, on }) => ({
        service: 'liveblog', method: on ? 'PUT' : 'DELETE', url: `${s(sectionUuid, containerUuid)}/posts/${contentUuid}/pin`, containerUuid,
      }),
      // Pinned posts leave the list for the pinned group (and back): the posts are read again.
      async onQueryStarted({ containerUuid }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) refetchPosts(dispatch, containerUuid);
      },
    }),
    toggleLiveblogReaction: build.mutation<ReactionResult, ToggleReactionArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, reaction, on }) => ({
        service: 'liveblog', method: on ? 'POST' : 'DELETE', url: `${s(sectionUuid, containerUuid)}/${reaction}s/${contentUuid}`, containerUuid,
      }),
      async onQueryStarted({ containerUuid, contentUuid, reaction, on }, { dispatch, getState, queryFulfilled }) {
        const optimistic = updateContent(dispatch, getState, containerUuid, contentUuid, toggleReactionEdit(reaction, on));
        try {
          const { data } = await queryFulfilled;
          const total = reaction === 'like' ? data.total_likes : data.total_dislikes;
          if (typeof total === 'number') updateContent(dispatch, getState, containerUuid, contentUuid, setReactionEdit(reaction, total, on));
        } catch {
          optimistic.undo();
        }
      },
    }),
    flagReply: build.mutation<Comment, ContentRef & { on: boolean }>({
      query: ({ sectionUuid, containerUuid, contentUuid, on }) => ({
        service: 'liveblog', method: on ? 'POST' : 'DELETE', url: `${s(sectionUuid, containerUuid)}/replies/${contentUuid}/flags`, containerUuid,
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) applyChangedContent(dispatch, getState, done.data, true);
      },
    }),
    moderateContent: build.mutation<Comment, ContentRef & { action: LiveblogModeration }>({
      query: ({ sectionUuid, containerUuid, contentUuid, action }) => ({
        service: 'liveblog', method: 'POST', url: `${s(sectionUuid, containerUuid)}/moderation/${contentUuid}/${action}`, containerUuid,
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) applyChangedContent(dispatch, getState, done.data, true);
      },
    }),
    uploadMedia: build.mutation<MediaItem, { sectionUuid: string; containerUuid: string; file: File }>({
      query: ({ sectionUuid, containerUuid, file }) => {
        const form = new FormData();
        form.set('file', file);
        // The upload takes its one part, `file`, and nothing else: session and section go in the query.
        return { service: 'liveblog', method: 'POST', url: `${s(sectionUuid, containerUuid)}/media`, containerUuid, form, commonInQuery: true };
      },
    }),
    // Close or reopen (is_closed), hide, premoderate: PUT /{s}/{c}.
    changeLiveblogSettings: build.mutation<Container, { sectionUuid: string; containerUuid: string; settings: Partial<ContainerSettings> }>({
      query: ({ sectionUuid, containerUuid, settings }) => ({
        service: 'liveblog', method: 'PUT', url: s(sectionUuid, containerUuid), containerUuid, body: { ...settings },
      }),
      async onQueryStarted({ containerUuid }, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.catch(() => null);
        if (done) setLiveblogSettings(dispatch, getState, containerUuid, done.data.settings);
      },
    }),
  }),
});

export { findCachedContent };
export const {
  useLiveblogQuery, useLiveblogPostsInfiniteQuery, useLiveblogRepliesInfiniteQuery,
  useCreatePostMutation, useCreateReplyMutation, useEditContentMutation, useUploadMediaMutation, useChangeLiveblogSettingsMutation,
} = liveblogApi;
