/** The realtime layer's one back-off rule: the socket's reconnects and the catch-up's retries. */
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 30000;

/** Exponential back-off with jitter: base·2^attempt, capped, then 50–100 % of it. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}
