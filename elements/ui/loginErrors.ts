/** Maps a failed login / sign-up call to a field message or a form message (message keys). */
import { apiCodeKey, toApiError, type ApiError } from '../../core/api/errors.ts';
import { banDetailMessages, type MessageRef } from './banMessages.ts';
import type { FieldErrors, LoginField } from './loginValidation.ts';

export interface LoginFailure {
  fields: FieldErrors;
  form: string | null;
  /** Shown after `form`: a ban's reason and end date (or "permanent"). */
  details?: MessageRef[];
}

export function loginFailure(error: unknown): LoginFailure {
  const apiError = toApiError(error);
  const field = fieldOf(apiError) as LoginField | null;
  if (apiError.api_code) {
    const key = apiCodeKey(apiError.api_code);
    if (key !== 'something_went_wrong') return { fields: {}, form: `base.error.${key}`, details: banDetailMessages(apiError) };
  }
  if (apiError.error_status === 429) return { fields: {}, form: 'base.login.error.tooMany' };
  if (apiError.error_status === 409) {
    return { fields: { [field ?? 'email']: 'base.login.error.emailTaken' }, form: null };
  }
  if (apiError.error_status === 401) return { fields: {}, form: 'base.login.error.incorrect' };
  if (apiError.error_status === 0) return { fields: {}, form: 'base.error.network' };
  return { fields: {}, form: 'base.error.something_went_wrong' };
}

/** A mailed link the server refused (expired, used or unknown token: a 400 on `token`). */
export function isRefusedLink(error: unknown): boolean {
  const apiError = toApiError(error);
  return apiError.error_status === 400 && fieldOf(apiError) === 'token';
}

/** The body field an error names (`field` in the error envelope), if any. */
function fieldOf(apiError: ApiError): string | null {
  const data = apiError.data as { field?: unknown } | null;
  return data && typeof data === 'object' && typeof data.field === 'string' ? data.field : null;
}
