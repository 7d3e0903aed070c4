/**
 * Whether an error means the database cannot be reached right now (PostgreSQL restarting, down,
 * or out of connections) rather than a fault in the request: those are answered 503 with
 * Retry-After (server/errors.ts), and /readyz names the database (server/plugins/operations.ts).
 */

/** Seconds a client is asked to wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's socket errors when the server is not there or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * PostgreSQL's SQLSTATEs for a connection that failed or was closed by the server: class 08
 * (connection exception), 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now),
 * 53300 (too many connections).
 */
const SQLSTATES = /^(08...|57P0[123]|53300)$/;
/** pg's own messages for a connection lost or never made (they carry no code). */
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.test(code))) return true;
  return PG_MESSAGES.test(error.message);
}
