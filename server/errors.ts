/**
 * The error envelope (docs/api.md): `{ error_status, message, api_code?, field?, ban? }`, and the one
 * error type routes throw to produce it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { banDetails, type BanDetails } from './engine/bans.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './storage/databaseUnavailable.ts';

/**
 * The answer while the database cannot be reached, with Retry-After; deploy/nginx/vf-proxy.conf and
 * deploy/Caddyfile answer the same when no process can (test/unit/deploy-files.test.ts).
 */
export const UNAVAILABLE = { error_status: 503, message: 'The service is briefly unavailable; try again in a few seconds', retry_after: DATABASE_RETRY_AFTER_SECONDS };

/** banned_from_posting (spec §8): refusals with it get the requester's ban details added. */
const BANNED_FROM_POSTING = 65540;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** `retry_after` (seconds) is also sent as the Retry-After header. */
    /** `decided_by`: the moderator who decided first (docs/moderation.md, 409). */
    readonly extra: { api_code?: number | string; field?: string; ban?: BanDetails; retry_after?: number; decided_by?: string | null } = {},
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string, field?: string) => new HttpError(400, message, field ? { field } : {});
export const unauthorized = () => new HttpError(401, 'unauthorized');
export const forbidden = (message: string) => new HttpError(403, message);

export const BODY_LIMIT = 65536;

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Like Fastify's default message, but names the offending property for unknown/missing ones. */
export function formatSchemaErrors(errors: ValidationIssue[], dataVar: string): Error {
  const text = errors
    .map((e) => {
      const extra = e.params['additionalProperty'] ?? e.params['missingProperty'];
      return `${dataVar}${e.instancePath} ${e.message ?? 'is invalid'}${typeof extra === 'string' ? `: '${extra}'` : ''}`;
    })
    .join(', ');
  return new Error(text);
}

/** The body field an issue is about, for the envelope's `field`. */
function fieldOf(issue: ValidationIssue | undefined, context: string | undefined): string | undefined {
  if (!issue || context !== 'body') return undefined;
  const named = issue.params['additionalProperty'] ?? issue.params['missingProperty'];
  if (typeof named === 'string') return named;
  return issue.instancePath.split('/')[1] || undefined;
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { extra?: HttpError['extra'] }, request, reply) => {
    if (error instanceof HttpError) {
      const extra = { ...error.extra };
      const ban = request.user?.ban;
      if (extra.api_code === BANNED_FROM_POSTING && !extra.ban && ban) extra.ban = banDetails(ban);
      if (extra.retry_after !== undefined) reply.header('retry-after', String(extra.retry_after));
      return reply.code(error.statusCode).send({ error_status: error.statusCode, message: error.message, ...extra });
    }
    if (error.validation) {
      const field = fieldOf(error.validation[0] as ValidationIssue | undefined, error.validationContext);
      return reply.code(400).send({ error_status: 400, message: error.message, ...(field ? { field } : {}) });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(400).send({ error_status: 400, message: `Request body is larger than ${BODY_LIMIT} bytes` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ error_status: 400, message: 'Request body is not valid JSON' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (unsupported media type, ...) carry safe messages.
      return reply.code(status).send({ error_status: status, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send(UNAVAILABLE);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error_status: 500, message: 'something went wrong' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error_status: 404, message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
