/**
 * The notice form's rules (docs/law.md "Notices of illegal content"), pure: what each field needs
 * (the server checks the same), which field is the first wrong one, how a kind's label reads, and
 * which message a refused notice shows. Messages are keys of the `base` bundle with their values.
 */
import { CSAM_KIND, MAX_EXPLANATION } from '../../../core/legal/types.ts';
import type { ApiError } from '../../../core/api/errors.ts';
import { isBlankText } from '../../../core/text/blankText.ts';

export const NOTICE_FIELDS = ['kind', 'explanation', 'name', 'email', 'goodFaith'] as const;
export type NoticeField = (typeof NOTICE_FIELDS)[number];

export interface NoticeValues {
  kind: string;
  explanation: string;
  name: string;
  email: string;
  goodFaith: boolean;
}

/** Field → message key. */
export type NoticeErrors = Partial<Record<NoticeField, string>>;

/** The server's limits on the reporter's contact (server/legal/noticeRoutes.ts). */
export const REPORTER_NAME_MAX = 100;
export const REPORTER_EMAIL_MAX = 254;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Art. 16(2)(c): a notice of child sexual abuse material may leave the reporter anonymous. */
export const contactOptional = (kind: string) => kind === CSAM_KIND;

export function validateNotice(values: NoticeValues): NoticeErrors {
  const errors: NoticeErrors = {};
  if (!values.kind) errors.kind = 'base.notice.error.kind';
  if (isBlankText(values.explanation)) errors.explanation = 'base.notice.error.explanation';
  else if (values.explanation.trim().length > MAX_EXPLANATION) errors.explanation = 'base.notice.error.explanationLong';
  const optional = contactOptional(values.kind);
  if (isBlankText(values.name)) {
    if (!optional) errors.name = 'base.notice.error.name';
  } else if (values.name.trim().length > REPORTER_NAME_MAX) errors.name = 'base.notice.error.nameLong';
  const email = values.email.trim();
  if (!email) {
    if (!optional) errors.email = 'base.notice.error.email';
  } else if (!EMAIL_RE.test(email) || email.length > REPORTER_EMAIL_MAX) errors.email = 'base.notice.error.emailInvalid';
  if (!values.goodFaith) errors.goodFaith = 'base.notice.error.goodFaith';
  return errors;
}

/** The first field (in the form's order) that has an error, or null. */
export function firstInvalid(errors: NoticeErrors): NoticeField | null {
  return NOTICE_FIELDS.find((field) => errors[field]) ?? null;
}

export interface NoticeFailure {
  key: string;
  values?: Record<string, string | number>;
}

/** The message of a refused or failed notice; what the reader typed stays in the form. */
export function noticeFailure(error: ApiError, formatWait: (seconds: number) => string): NoticeFailure {
  const status = error.error_status;
  if (status === 0) return { key: 'base.notice.error.offline' };
  if (status === 429) {
    const seconds = Number((error.data as { retry_after?: unknown } | null)?.retry_after);
    return Number.isFinite(seconds) && seconds > 0
      ? { key: 'base.notice.error.tooMany', values: { wait: formatWait(seconds) } }
      : { key: 'base.notice.error.tooManyLater' };
  }
  if (status === 404) return { key: 'base.notice.error.gone' };
  // The server's own words about what it refused (docs/api.md: a 400 names the problem).
  if (status === 400 && error.message) return { key: 'base.notice.error.refused', values: { message: error.message } };
  return { key: 'base.error.something_went_wrong' };
}

/** "5 minutes", "30 seconds", in the reader's language (the unit's own plural: none needed in the catalogue). */
export function waitText(formatNumber: (value: number, options: Intl.NumberFormatOptions) => string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds < 60 ? [Math.ceil(seconds), 'second'] : minutes < 60 ? [minutes, 'minute'] : [Math.ceil(minutes / 60), 'hour'];
  return formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });
}
