/**
 * Container request signatures (spec §7 X-Request-Signature). The server signs each container
 * it hands out (HMAC-SHA256 under a key derived from the server secret); clients send it back on
 * requests about that container, and a request that carries a wrong one is refused. A request
 * without the header passes: a page that has not loaded the container yet has nothing to send.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

export const SIGNATURE_HEADER = 'x-request-signature';

export function signContainer(secret: Buffer, siteUuid: string, containerUuid: string): string {
  const key = createHmac('sha256', secret).update('vf container signature').digest();
  return createHmac('sha256', key).update(`${siteUuid}:${containerUuid}`).digest('base64url');
}

/** preHandler for routes with `:section/:container` params. */
export function checkRequestSignature(secret: Buffer) {
  return async (request: FastifyRequest): Promise<void> => {
    const sent = request.headers[SIGNATURE_HEADER];
    const { section, container } = (request.params ?? {}) as { section?: string; container?: string };
    if (sent === undefined || !section || !container) return;
    const expected = Buffer.from(signContainer(secret, section, container));
    const given = Buffer.from(String(sent));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('Invalid request signature for this container');
    }
  };
}
