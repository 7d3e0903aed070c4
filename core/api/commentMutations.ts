/**
 * Comment writes: posting (the new comment goes into every cached list, deduplicated by
 * content_uuid) and reacting — like or dislike — (optimistic everywhere the comment appears,
 * undone on error).
 */
import type { Comment } from './types.ts';
import { baseApi } from './base.ts';
import { insertCommentIntoCaches, updateCommentInCaches } from './commentCacheUpdates.ts';
import { type Reaction, setReactionEdit, toggleReactionEdit } from './commentCache.ts';

export type { Reaction } from './commentCache.ts';

export interface PostCommentArgs {
  sectionUuid: string;
  containerUuid: string;
  content: string;
  parentUuid?: string | null;
  /** A guest's name for an anonymous comment (site setting enable_anonymous_comments). */
  anonymousName?: string;
}

export interface ToggleReactionArgs {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
  reaction: Reaction;
  /** The state wanted: true adds the reaction, false takes it back. */
  on: boolean;
}

/** The server's answer: the new total and the viewer's state for that reaction. */
export interface ReactionResult {
  content_uuid: string;
  total_likes?: number;
  liked?: boolean;
  total_dislikes?: number;
  disliked?: boolean;
}

export const commentMutationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    postComment: build.mutation<Comment, PostCommentArgs>({
      query: ({ sectionUuid, containerUuid, content, parentUuid, anonymousName }) => ({
        service: 'comments',
        method: 'POST',
        url: `${sectionUuid}/${containerUuid}/comments${parentUuid ? `/${parentUuid}` : ''}`,
        containerUuid,
        body: anonymousName ? { content, anonymous_name: anonymousName } : { content },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          insertCommentIntoCaches(dispatch, getState, data, true);
        } catch {
          // The error reaches the caller through the mutation result.
        }
      },
    }),
    toggleReaction: build.mutation<ReactionResult, ToggleReactionArgs>({
      query: ({ sectionUuid, containerUuid, contentUuid, reaction, on }) => ({
        service: 'comments',
        method: on ? 'POST' : 'DELETE',
        url: `${sectionUuid}/${containerUuid}/comments/${contentUuid}/${reaction}`,
        containerUuid,
      }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const { containerUuid, contentUuid, reaction, on } = args;
        const optimistic = updateCommentInCaches(dispatch, getState, containerUuid, contentUuid, toggleReactionEdit(reaction, on));
        try {
          const { data } = await queryFulfilled;
          const total = reaction === 'like' ? data.total_likes : data.total_dislikes;
          if (typeof total === 'number') {
            updateCommentInCaches(dispatch, getState, containerUuid, contentUuid, setReactionEdit(reaction, total, on));
          }
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { usePostCommentMutation, useToggleReactionMutation } = commentMutationsApi;
