/**
 * Sending something the reader wrote (a comment, a reply, a live-blog post): `post(text)` runs
 * the service's `send` and resolves true when it was accepted (the Editor then clears its draft),
 * with a busy flag and a translated error: 401 asks to log in again, a ban says so with its
 * details, a 403 without an api code (e.g. closed meanwhile) calls `onRefused`, offline says so.
 */
import { useState } from 'react';
import { apiCodeKey, toApiError } from '../../core/api/errors.ts';
import { banText } from './banMessages.ts';
import { useLoginNeeded } from './useGuestGate.ts';
import { useT } from './useIntl.ts';

export interface PostContentOptions<T> {
  /** What a guest tried, for the login prompt (`comment.create`, `reply.create`, …). */
  action: string;
  /** The message for any other failure. */
  failed: string;
  onRefused?(): void;
  onPosted?(result: T): void;
}

export function usePostContent<T, A extends unknown[] = []>(
  send: (text: string, ...more: A) => Promise<T>,
  { action, failed, onRefused, onPosted }: PostContentOptions<T>,
) {
  const t = useT();
  const loginNeeded = useLoginNeeded();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const post = async (text: string, ...more: A): Promise<boolean> => {
    setError(null);
    setBusy(true);
    try {
      onPosted?.(await send(text, ...more));
      return true;
    } catch (failure) {
      const apiError = toApiError(failure);
      if (apiError.error_status === 401) {
        setError(t('conversations.error.loginAgain'));
        loginNeeded(action);
      } else if (apiError.api_code) {
        setError(banText(t, `base.error.${apiCodeKey(apiError.api_code)}`, apiError));
      } else if (apiError.error_status === 403 && onRefused) {
        setError(failed);
        onRefused();
      } else if (apiError.error_status === 0) {
        setError(t('base.error.network'));
      } else {
        setError(failed);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { post, busy, error };
}
