/**
 * The dashboard's period: a preset (the last 7, 30 or 90 days, today included) or a custom
 * from/to. Days are UTC calendar days `YYYY-MM-DD`, as the server counts them. Pure.
 */
import { DASHBOARD_MAX_DAYS, dayMs, utcDay } from '../../core/api/analyticsTypes.ts';

export const PRESETS = [7, 30, 90] as const;
export type Preset = (typeof PRESETS)[number];
export const DEFAULT_PRESET: Preset = 30;

export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** The `preset` attribute: 7, 30 or 90; anything else is the default (30). */
export function parsePreset(value: unknown): Preset {
  const n = Number(value);
  return (PRESETS as readonly number[]).includes(n) ? (n as Preset) : DEFAULT_PRESET;
}

/** The last `days` days up to today (UTC), today included. */
export function presetPeriod(days: Preset, now = Date.now()): Period {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** Days in a period, both ends included. */
export function periodDays({ from, to }: Period): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

export type PeriodProblem = 'missing' | 'invalid' | 'order' | 'future' | 'tooLong';

/** Why a custom period cannot be asked for, or null when it can. */
export function periodProblem(period: Period, now = Date.now()): PeriodProblem | null {
  if (!period.from || !period.to) return 'missing';
  if (Number.isNaN(dayMs(period.from)) || Number.isNaN(dayMs(period.to))) return 'invalid';
  if (period.from > period.to) return 'order';
  if (period.to > utcDay(now)) return 'future';
  if (periodDays(period) > DASHBOARD_MAX_DAYS) return 'tooLong';
  return null;
}
