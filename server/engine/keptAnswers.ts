/**
 * Sending an answer the guest cache keeps (engine/guest-cache.ts): JSON, gzipped for a client
 * that takes gzip (a browser: the cache gzips an entry once, on its first such hit), as it is
 * for one that does not.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

export const takesGzip = (request: FastifyRequest): boolean => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

export function sendJson(reply: FastifyReply, body: Buffer, gzipped: boolean): FastifyReply {
  reply.type(JSON_TYPE).header('vary', 'accept-encoding');
  if (gzipped) reply.header('content-encoding', 'gzip');
  return reply.send(body);
}
