/**
 * A local stand-in for Janrain Engage (docs/login.md "Stand-ins"): `signin` plays the provider's
 * popup for the page script demo/vendors/janrain.js and hands out a one-time token, which
 * `api/v2/auth_info` exchanges, once, for the reader's profile to a caller with the API key —
 * Engage's answers (`stat`, `profile`, `err.code`/`err.msg`). The demo registers it under
 * /demo/standin/janrain; tests start it on a port of their own.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { notApi } from './notApi.ts';
import { acceptForms, formBody, readerOf, STAND_IN_READERS, vendorAnswer, type StandInReader } from './readers.ts';

export interface JanrainStandInOptions {
  apiKey: string;
  readers?: readonly StandInReader[];
}

/** Engage's tokens are good for 60 s and one exchange. */
const TOKEN_TTL_MS = 60_000;

export default async function janrainStandIn(app: FastifyInstance, options: JanrainStandInOptions): Promise<void> {
  const readers = options.readers ?? STAND_IN_READERS;
  const tokens = new Map<string, { reader: StandInReader; at: number }>();
  acceptForms(app);

  app.post<{ Body: Record<string, string> }>('/signin', { ...notApi, schema: { body: formBody, response: vendorAnswer } }, async (request, reply) => {
    const reader = readerOf(readers, request.body['identifier']);
    if (!reader) return reply.code(404).send({ stat: 'fail', err: { code: 2, msg: 'Data not found' } });
    const token = randomBytes(20).toString('hex');
    tokens.set(token, { reader, at: Date.now() });
    return { stat: 'ok', token };
  });

  app.post<{ Body: Record<string, string> }>('/api/v2/auth_info', { ...notApi, schema: { body: formBody, response: vendorAnswer } }, async (request) => {
    if (request.body['apiKey'] !== options.apiKey) return { stat: 'fail', err: { code: 1, msg: 'Invalid parameter: apiKey' } };
    const token = request.body['token'] ?? '';
    const issued = tokens.get(token);
    tokens.delete(token);
    if (!issued || Date.now() - issued.at > TOKEN_TTL_MS) return { stat: 'fail', err: { code: 2, msg: 'Data not found' } };
    const { reader } = issued;
    return {
      stat: 'ok',
      profile: {
        identifier: `https://janrain.identity.test/${reader.id}`,
        providerName: 'Janrain stand-in',
        displayName: reader.name,
        preferredUsername: reader.id,
        email: reader.email,
        ...(reader.verified ? { verifiedEmail: reader.email } : {}),
        ...(reader.photo ? { photo: reader.photo } : {}),
      },
    };
  });
}
