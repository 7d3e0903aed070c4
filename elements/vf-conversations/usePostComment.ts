/**
 * Posting a comment or reply: returns `post(text, anonymousName?)` (true when accepted, for the
 * Editor to clear its draft), the busy flag and a translated error. Announces
 * `vf-comment-posted`. A 403 without an api code (e.g. the conversation was closed meanwhile)
 * calls `onRefused` so the container can be re-read.
 */
import { useState } from 'react';
import { usePostCommentMutation } from '../../core/api/comments.ts';
import { apiCodeKey, toApiError } from '../../core/api/errors.ts';
import type { Comment } from '../../core/api/types.ts';
import { banText } from '../ui/banMessages.ts';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useLoginNeeded } from './useGuestGate.ts';
import { useT } from '../ui/useIntl.ts';

export interface CommentPostedDetail {
  comment: Comment;
}

export function usePostComment(sectionUuid: string, containerUuid: string, parentUuid?: string, onRefused?: () => void) {
  const t = useT();
  const emit = useHostEvent();
  const loginNeeded = useLoginNeeded();
  const [postComment, state] = usePostCommentMutation();
  const [error, setError] = useState<string | null>(null);

  const post = async (content: string, anonymousName?: string): Promise<boolean> => {
    setError(null);
    try {
      const args = { sectionUuid, containerUuid, content, ...(parentUuid ? { parentUuid } : {}), ...(anonymousName ? { anonymousName } : {}) };
      const comment = await postComment(args).unwrap();
      emit<CommentPostedDetail>('vf-comment-posted', { comment });
      return true;
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.error_status === 401) {
        setError(t('conversations.error.loginAgain'));
        loginNeeded(parentUuid ? 'reply.create' : 'comment.create');
      } else if (apiError.api_code) {
        setError(banText(t, `base.error.${apiCodeKey(apiError.api_code)}`, apiError));
      } else if (apiError.error_status === 403 && onRefused) {
        setError(t('conversations.error.post'));
        onRefused();
      } else if (apiError.error_status === 0) {
        setError(t('base.error.network'));
      } else {
        setError(t('conversations.error.post'));
      }
      return false;
    }
  };

  return { post, busy: state.isLoading, error };
}
