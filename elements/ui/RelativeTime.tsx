/**
 * "3 minutes ago": seconds, minutes, hours, days, then one month; a long date after that
 * (spec §9 relative times). The full date and time is the title; re-renders every minute.
 */
import type { VfIntl } from '../../core/i18n/index.ts';
import { useIntl } from './useIntl.ts';
import { useNow } from './useNow.ts';
import { useClientValue } from './useClientValue.ts';

const onServer = typeof document === 'undefined';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
// Module constants: the shared formatter cache finds them by identity.
const RELATIVE = { numeric: 'auto' } as const;
const LONG_DATE = { dateStyle: 'long' } as const;
const FULL_DATE_TIME = { dateStyle: 'full', timeStyle: 'short' } as const;

export function formatRelative(intl: VfIntl, time: number, now: number): string {
  const elapsed = Math.max(0, now - time);
  const rel = (value: number, unit: 'second' | 'minute' | 'hour' | 'day' | 'month') =>
    intl.formatRelativeTime(-value, unit, RELATIVE);
  if (elapsed < MINUTE) return rel(Math.floor(elapsed / SECOND), 'second');
  if (elapsed < HOUR) return rel(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return rel(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return rel(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 2 * MONTH) return rel(1, 'month');
  return intl.formatDate(time, LONG_DATE);
}

/**
 * Builds the formatters every comment's time uses. The first date formatters of a page cost
 * 40–110 ms in a fresh Chromium renderer on the 2-core machine (ICU loads its data;
 * docs/performance.md); built while comments are still on their way, a list does not pay that
 * when it arrives.
 */
export function prepareRelativeTimes(intl: VfIntl): void {
  intl.formatDate(0, FULL_DATE_TIME);
  intl.formatDate(0, LONG_DATE);
  intl.formatRelativeTime(0, 'second', RELATIVE);
}

export function RelativeTime({ time }: { time: number }) {
  const intl = useIntl();
  // A clock tick re-renders; a time a little in the future (clock skew) reads as "now".
  const now = Math.max(useNow(), Date.now());
  // Server-painted markup holds the server's text (its clock and time zone, perhaps a kept paint
  // of a while ago). Hydration keeps it (false here, text and title left as painted); the render
  // right after (true) writes the reader's.
  const settled = useClientValue(() => true, onServer);
  const date = new Date(time);
  return (
    <time dateTime={date.toISOString()} title={settled ? intl.formatDate(date, FULL_DATE_TIME) : undefined} suppressHydrationWarning>
      {settled ? formatRelative(intl, time, now) : ''}
    </time>
  );
}
