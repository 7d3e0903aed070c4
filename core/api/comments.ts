/**
 * The comments service as the elements use it (docs/client-internals.md): reads from
 * commentQueries.ts, writes from commentMutations.ts, split so cache patching has no cycle.
 */
export {
  commentQueriesApi,
  useContainerQuery,
  useCommentsInfiniteQuery,
  useThreadRepliesInfiniteQuery,
  useCommentQuery,
  type CommentArgs,
  type CommentsArgs,
  type ContainerArgs,
  type ThreadRepliesArgs,
  type PageCursor,
} from './commentQueries.ts';
export {
  commentMutationsApi,
  usePostCommentMutation,
  useToggleReactionMutation,
  type PostCommentArgs,
  type Reaction,
  type ToggleReactionArgs,
  type ReactionResult,
} from './commentMutations.ts';
