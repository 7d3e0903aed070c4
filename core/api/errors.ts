/**
 * One error shape for every failed call (spec §8): `{ error_status, message, data, api_code? }`.
 * Components show `message` or translate `apiCodeKey(api_code)`.
 */

export interface ApiError {
  error_status: number;
  message: string;
  /** The parsed error body (or its text); ban details (reason, end_date, permanent) live here. */
  data: unknown;
  api_code?: number;
}

export type ApiCodeKey = 'banned_from_posting' | 'login_banned' | 'signup_banned' | 'something_went_wrong';

const API_CODES: Record<number, ApiCodeKey> = {
  65540: 'banned_from_posting',
  262151: 'login_banned',
  458753: 'signup_banned',
};

/** The i18n key for a server api_code (spec §8). */
export function apiCodeKey(code: number | undefined | null): ApiCodeKey {
  return (code !== undefined && code !== null && API_CODES[code]) || 'something_went_wrong';
}

export const NETWORK_ERROR_MESSAGE = 'error fetching';
export const GENERIC_ERROR_MESSAGE = 'something went wrong';
export const UNAUTHORIZED_MESSAGE = 'unauthorized';

/** Builds the error for an HTTP failure from its status and raw body text. */
export function errorFromResponse(status: number, bodyText: string): ApiError {
  let body: unknown = bodyText === '' ? null : bodyText;
  try {
    body = bodyText === '' ? null : JSON.parse(bodyText);
  } catch {
    // Not JSON (a proxy's HTML page, say): keep the text as data.
  }
  const fields = isObject(body) ? body : {};
  const message =
    typeof fields.message === 'string' && fields.message !== ''
      ? fields.message
      : status === 401
        ? UNAUTHORIZED_MESSAGE
        : GENERIC_ERROR_MESSAGE;
  const error: ApiError = { error_status: status, message, data: withBanDetails(body) };
  if (typeof fields.api_code === 'number') error.api_code = fields.api_code;
  return error;
}

export function networkError(cause?: unknown): ApiError {
  return { error_status: 0, message: NETWORK_ERROR_MESSAGE, data: cause instanceof Error ? cause.message : null };
}

/** Normalises anything thrown or returned as an error into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (isObject(error)) {
    if (typeof error.error_status === 'number' && typeof error.message === 'string') {
      return error as unknown as ApiError;
    }
    // fetchBaseQuery-style { status, data } or a wrapped { error }.
    if ('error' in error && isObject(error.error)) return toApiError(error.error);
    if (typeof error.status === 'number') {
      const data = error.data;
      return errorFromResponse(error.status, typeof data === 'string' ? data : JSON.stringify(data ?? ''));
    }
    if (typeof error.message === 'string' && error.message !== '') {
      return { error_status: 0, message: error.message, data: null };
    }
  }
  if (error instanceof Error) return { error_status: 0, message: error.message, data: null };
  return { error_status: 0, message: GENERIC_ERROR_MESSAGE, data: null };
}

/** Ban details may come nested (`{ ban: {...} }` / `{ data: {...} }`): lift them to the top. */
function withBanDetails(body: unknown): unknown {
  if (!isObject(body)) return body;
  const nested = [body.ban, body.data].find(isObject);
  if (!nested) return body;
  const out: Record<string, unknown> = { ...body };
  for (const key of ['reason', 'end_date', 'permanent']) {
    if (out[key] === undefined && nested[key] !== undefined) out[key] = nested[key];
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
