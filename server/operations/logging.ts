/**
 * Structured logs (docs/server.md "Operations"): Fastify's pino logger writes one JSON object a
 * line. Each request gives one line when it is answered (`request`: request id, method, route
 * pattern, path, status, duration in ms), not Fastify's two; the request id comes from a proxy's
 * `X-Request-Id` when it is a plain token, else a new UUID, and is echoed in the answer's
 * `X-Request-Id`. No query string (sign-in links carry tokens there), header, cookie or password
 * reaches a line: the serializers leave them out and `redact` censors the paths that could carry
 * them. `LOG_FORMAT=text` prints the same lines readably (the default on a terminal).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { LogFormat, LogLevel } from '../config.ts';

/** A proxy's request id is kept when it looks like one (no spaces, quotes or control characters). */
const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/** Paths censored wherever a log call puts them (pino's `redact`). */
const REDACTED_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-request-signature"]',
  'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]',
  'password', '*.password', '*.password_hash', '*.access_token', '*.refresh_token', '*.token', '*.secret',
];

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One JSON log line as a person reads it: time, level, message, then the other fields. */
function textLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...rest } = entry;
  const when = new Date(Number(time)).toISOString().slice(11, 23);
  const fields = Object.entries(rest).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${when} ${(LEVEL_NAMES[Number(level)] ?? String(level)).padEnd(5)} ${String(msg ?? '')}${fields.length ? `  ${fields.join(' ')}` : ''}\n`;
}

export interface LogOptions {
  level: LogLevel;
  format: LogFormat;
  /** Where lines go (default stdout): tests read them. */
  stream?: { write(line: string): void };
}

/** Fastify's options for its logger and request ids. */
export function loggerOptions({ level, format, stream }: LogOptions): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId' | 'requestIdHeader'> {
  const out = stream ?? process.stdout;
  return {
    logger: {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => ({ method: request.method, path: typeof request.url === 'string' ? pathOf(request.url) : undefined, remoteAddress: request.ip }),
      },
      stream: format === 'text' ? { write: (line: string) => out.write(textLine(line)) } : out,
    },
    // One line per request, written by requestLog below.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (raw: IncomingMessage) => {
      const given = raw.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}

/** The path without its query string. */
const pathOf = (url: string) => url.split('?', 1)[0]!;

/** Logs each answered request as one line, and echoes its id. */
export function requestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      // The route's pattern groups requests; unmatched ones (404s, scans) have none.
      route: request.routeOptions.url ?? null,
      path: pathOf(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (status >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
  });
}
