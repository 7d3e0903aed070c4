/** How the dashboard writes its numbers, in the reader's language (formatjs / Intl). */
import type { VfIntl } from '../../core/i18n/index.ts';
import { dayMs } from '../../core/api/analyticsTypes.ts';

/** A UTC day `YYYY-MM-DD` as the reader's language writes a short date ("Nov 26", "26. Nov."). */
export function formatDay(intl: VfIntl, day: string, long = false): string {
  const options: Intl.DateTimeFormatOptions = long ? { dateStyle: 'medium' } : { month: 'short', day: 'numeric' };
  return intl.formatDate(dayMs(day), { ...options, timeZone: 'UTC' });
}

export const minutes = (seconds: number) => Math.round(seconds / 60);

/** Engaged time: seconds under a minute, minutes under an hour, else hours with one decimal. */
export function formatDuration(intl: VfIntl, seconds: number): string {
  const unit = (value: number, name: string, digits = 0) =>
    intl.formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits });
  if (seconds < 60) return unit(Math.round(seconds), 'second');
  if (seconds < 3600) return unit(minutes(seconds), 'minute');
  return unit(seconds / 3600, 'hour', 1);
}
