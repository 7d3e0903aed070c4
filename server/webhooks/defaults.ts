/** Webhook settings' defaults (docs/server.md "Webhooks"), apart so config.ts imports no sender code. */
export const DEFAULT_MAX_ATTEMPTS = 8;
export const DEFAULT_TIMEOUT_MS = 10 * 1000;
