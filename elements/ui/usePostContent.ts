/**
 * Sending something the reader wrote (a comment, a reply, a live-blog post): `post(text)` runs
 * the service's `send` and resolves true when it was accepted (the Editor then clears its draft),
 * with a busy flag and a translated error: 401 asks to log in again, a ban says so with its
 * details, a 403 without an api code (e.g. closed meanwhile) calls `onRefused`, offline says so.
 */
import { useState } from 'react';
import { apiCodeKey, toApiError, type ApiError } from '../../core/api/errors.ts';
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

/**
 * What a refused post means for the reader: the text to show and whether it calls for a login
 * (401) or is a plain refusal without an api code (403, e.g. closed meanwhile).
 */
export function postFailure(t: Parameters<typeof banText>[0], failure: unknown, failed: string): { error: ApiError; text: string; login: boolean; refused: boolean } {
  const error = toApiError(failure);
  if (error.error_status === 401) return { error, text: t('conversations.error.loginAgain'), login: true, refused: false };
  if (error.api_code) return { error, text: banText(t, `base.error.${apiCodeKey(error.api_code)}`, error), login: false, refused: false };
  if (error.error_status === 0) return { error, text: t('base.error.network'), login: false, refused: false };
  return { error, text: failed, login: false, refused: error.error_status === 403 };
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
      const { text, login, refused } = postFailure(t, failure, failed);
      setError(text);
      if (login) loginNeeded(action);
      else if (refused) onRefused?.();
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { post, busy, error };
}
