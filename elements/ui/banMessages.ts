/**
 * The translated extras for a banned-account error (spec §8): the end date
 * (`{endDate, date, long}`, formatted by formatjs in the reader's language) or "permanent",
 * then the moderator's reason.
 */
import type { ApiError } from '../../core/api/errors.ts';

export interface MessageRef {
  id: string;
  values?: Record<string, string | number | Date>;
}

/** Message refs for the ban details in `error.data` (none when it carries none). */
export function banDetailMessages(error: ApiError): MessageRef[] {
  const data = error.data as { reason?: unknown; end_date?: unknown; permanent?: unknown } | null;
  if (!data || typeof data !== 'object') return [];
  const out: MessageRef[] = [];
  if (data.permanent === true) out.push({ id: 'base.ban.permanent' });
  else if (typeof data.end_date === 'number') out.push({ id: 'base.ban.until', values: { endDate: new Date(data.end_date * 1000) } });
  if (typeof data.reason === 'string' && data.reason.trim() !== '') out.push({ id: 'base.ban.reason', values: { reason: data.reason.trim() } });
  return out;
}

/** The whole text: the api code's message, then the details. */
export function banText(t: (id: string, values?: MessageRef['values']) => string, key: string, error: ApiError): string {
  return [t(key), ...banDetailMessages(error).map((m) => t(m.id, m.values))].join(' ');
}
