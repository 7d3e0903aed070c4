/**
 * Comment reads (docs/api.md "comments"): the container, the top-level list (infinite, paged by
 * `starting_from` = the previous page's `next_starting_from`) and a thread's replies.
 */
import { setContainerSignature } from './signatures.ts';
import type { Comment, CommentPage, Container, SortOrder, ThreadFilter } from './types.ts';
import { baseApi } from './base.ts';

export interface ContainerArgs {
  sectionUuid: string;
  containerId: string;
}

export interface CommentsArgs {
  sectionUuid: string;
  containerUuid: string;
  /** The first page's size. */
  limit: number;
  /** Later pages' size ("Load more comments"); default `limit`. */
  paginationLimit?: number;
  replyLimit: number;
  sortedBy: SortOrder;
  /** featured_threads: editor's picks only; default all threads. */
  filteredBy?: ThreadFilter;
}

export interface CommentArgs {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
}

export interface ThreadRepliesArgs {
  sectionUuid: string;
  containerUuid: string;
  threadUuid: string;
  limit: number;
}

/** A page cursor: null for the first page. */
export type PageCursor = string | null;

const nextCursor = (lastPage: CommentPage): PageCursor | undefined =>
  lastPage.more_available !== false && lastPage.next_starting_from ? lastPage.next_starting_from : undefined;

export const commentQueriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Cached per (sectionUuid, containerId): the arg object is the cache key.
    container: build.query<Container, ContainerArgs>({
      query: ({ sectionUuid, containerId }) => ({
        service: 'comments',
        url: `${sectionUuid}/contentcontainer/id`,
        params: { container_id: containerId },
      }),
      async onQueryStarted(_args, { queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) setContainerSignature(data.content_container_uuid, data.signature);
      },
      providesTags: (result) => [
        'Container',
        ...(result ? [{ type: 'Container' as const, id: result.content_container_uuid }] : []),
      ],
    }),
    comments: build.infiniteQuery<CommentPage, CommentsArgs, PageCursor>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        service: 'comments',
        url: `${queryArg.sectionUuid}/${queryArg.containerUuid}/comments`,
        containerUuid: queryArg.containerUuid,
        params: {
          limit: pageParam ? (queryArg.paginationLimit ?? queryArg.limit) : queryArg.limit,
          reply_limit: queryArg.replyLimit,
          sorted_by: queryArg.sortedBy,
          filtered_by: queryArg.filteredBy,
          starting_from: pageParam ?? undefined,
        },
      }),
      providesTags: (_result, _error, arg) => ['Comments', { type: 'Comments', id: arg.containerUuid }],
    }),
    threadReplies: build.infiniteQuery<CommentPage, ThreadRepliesArgs, PageCursor>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        service: 'comments',
        url: `${queryArg.sectionUuid}/${queryArg.containerUuid}/content/${queryArg.threadUuid}/direct`,
        containerUuid: queryArg.containerUuid,
        params: { limit: queryArg.limit, starting_from: pageParam ?? undefined },
      }),
      providesTags: (_result, _error, arg) => ['Thread', { type: 'Thread', id: arg.threadUuid }],
    }),
    // One comment by uuid (a deeplink's target, or its thread's top-level comment).
    comment: build.query<Comment, CommentArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid }) => ({
        service: 'comments',
        url: `${sectionUuid}/${containerUuid}/comments/${contentUuid}`,
        containerUuid,
      }),
      providesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.containerUuid }],
    }),
  }),
});

export const { useContainerQuery, useCommentsInfiniteQuery, useThreadRepliesInfiniteQuery, useCommentQuery } = commentQueriesApi;
