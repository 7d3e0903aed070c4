/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The value at percentile `p` (0–100) of ascending `sorted` values, by nearest rank: the smallest
 * value with at least p% of them at or below it (p99 of 100 values is the 99th, not the 100th).
 * NaN when there are none.
 */
export const percentileOf = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
