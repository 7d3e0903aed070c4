/**
 * Posting a comment or reply: returns `post(text, anonymousName?)` (true when accepted, for the
 * Editor to clear its draft), the busy flag and a translated error (usePostContent.ts).
 * Announces `vf-comment-posted`. A 403 without an api code (e.g. the conversation was closed
 * meanwhile) calls `onRefused` so the container can be re-read.
 */
import { usePostCommentMutation } from '../../core/api/comments.ts';
import type { Comment } from '../../core/api/types.ts';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useT } from '../ui/useIntl.ts';
import { usePostContent } from '../ui/usePostContent.ts';

export interface CommentPostedDetail {
  comment: Comment;
}

export function usePostComment(sectionUuid: string, containerUuid: string, parentUuid?: string, onRefused?: () => void) {
  const t = useT();
  const emit = useHostEvent();
  const [postComment] = usePostCommentMutation();
  return usePostContent(
    (content, anonymousName?: string) => {
      const args = { sectionUuid, containerUuid, content, ...(parentUuid ? { parentUuid } : {}), ...(anonymousName ? { anonymousName } : {}) };
      return postComment(args).unwrap();
    },
    {
      action: parentUuid ? 'reply.create' : 'comment.create',
      failed: t('conversations.error.post'),
      onRefused,
      onPosted: (comment) => emit<CommentPostedDetail>('vf-comment-posted', { comment }),
    },
  );
}
