/** The identity platforms' waits (platform spec §4 "Other login paths"), in milliseconds. */
export const JANRAIN_READY_MS = 100;
export const JANRAIN_TOKEN_MS = 1000;
export const JANRAIN_HANDLER_MS = 500;
export const GIGYA_POLL_MS = 1000;
export const GIGYA_POLL_MAX_MS = 60_000;

/** Gigya's poll steps up: 1 s, 2 s, 4 s, … doubling, then every 60 s. */
export function gigyaPollDelay(attempt: number): number {
  return Math.min(GIGYA_POLL_MS * 2 ** attempt, GIGYA_POLL_MAX_MS);
}
