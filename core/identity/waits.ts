/** The identity platforms' waits (platform spec §4 "Other login paths"), in milliseconds. */

/** Spec §4 "backplane/janrain ready": how often a vendor's object (or Backplane's channel) is looked for. */
export const READY_POLL_MS = 100;
/** The 100 ms looks give up after a minute (600 looks) on a page without the vendor. */
export const READY_TRIES = 600;
export const JANRAIN_TOKEN_MS = 1000;
export const JANRAIN_HANDLER_MS = 500;
export const GIGYA_POLL_MS = 1000;
export const GIGYA_POLL_MAX_MS = 60_000;

/** The ready look: every 100 ms, `null` (give up) once a minute of looks has passed. */
export function readyPollDelay(attempt: number): number | null {
  return attempt + 1 < READY_TRIES ? READY_POLL_MS : null;
}

/** Gigya's poll steps up: 1 s, 2 s, 4 s, … doubling, then every 60 s, without end. */
export function gigyaPollDelay(attempt: number): number {
  return Math.min(GIGYA_POLL_MS * 2 ** attempt, GIGYA_POLL_MAX_MS);
}
