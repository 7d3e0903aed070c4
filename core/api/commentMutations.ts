/**
 * Comment writes: posting (the new comment goes into every cached list, deduplicated by
 * content_uuid) and liking (optimistic everywhere the comment appears, undone on error).
 */
import type { Comment } from './types.ts';
import { baseApi } from './base.ts';
import { insertCommentIntoCaches, updateCommentInCaches } from './commentCacheUpdates.ts';
import { setLikesEdit, toggleLikeEdit } from './commentCache.ts';

export interface PostCommentArgs {
  sectionUuid: string;
  containerUuid: string;
  content: string;
  parentUuid?: string | null;
}

export interface ToggleLikeArgs {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
  /** The state wanted: true likes, false unlikes. */
  liked: boolean;
}

export interface LikeResult {
  content_uuid: string;
  total_likes: number;
  liked: boolean;
}

export const commentMutationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    postComment: build.mutation<Comment, PostCommentArgs>({
      query: ({ sectionUuid, containerUuid, content, parentUuid }) => ({
        service: 'comments',
        method: 'POST',
        url: `${sectionUuid}/${containerUuid}/comments${parentUuid ? `/${parentUuid}` : ''}`,
        containerUuid,
        body: { content },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          insertCommentIntoCaches(dispatch, getState, data);
        } catch {
          // The error reaches the caller through the mutation result.
        }
      },
    }),
    toggleLike: build.mutation<LikeResult, ToggleLikeArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, liked }) => ({
        service: 'comments',
        method: liked ? 'POST' : 'DELETE',
        url: `${sectionUuid}/${containerUuid}/comments/${contentUuid}/like`,
        containerUuid,
      }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const optimistic = updateCommentInCaches(
          dispatch, getState, args.containerUuid, args.contentUuid, toggleLikeEdit(args.liked),
        );
        try {
          const { data } = await queryFulfilled;
          updateCommentInCaches(
            dispatch, getState, args.containerUuid, args.contentUuid, setLikesEdit(data.total_likes, data.liked),
          );
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { usePostCommentMutation, useToggleLikeMutation } = commentMutationsApi;
