/**
 * The readers the identity platforms' stand-ins know (docs/login.md "Stand-ins"): the demo page's
 * "sign in as …" buttons and the tests pick one by id. `verified` says whether the platform has
 * checked the reader's email (only a verified email is offered to vf).
 */
import type { FastifyInstance } from 'fastify';

export interface StandInReader {
  id: string;
  name: string;
  email: string;
  verified: boolean;
  photo: string | null;
}

export const STAND_IN_READERS: readonly StandInReader[] = [
  { id: 'ada', name: 'Ada Lovelace', email: 'ada@identity.test', verified: true, photo: null },
  { id: 'grace', name: 'Grace Hopper', email: 'grace@identity.test', verified: false, photo: null },
];

export const readerOf = (readers: readonly StandInReader[], id: unknown) => readers.find((reader) => reader.id === id) ?? null;

/** Form or JSON bodies: the stand-ins take both, as the vendors' REST APIs do. */
export const formBody = { type: 'object', additionalProperties: { type: 'string', maxLength: 2048 } } as const;
/** The vendors answer JSON of their own shape (kept as is). */
export const vendorAnswer = { 200: { type: 'object', additionalProperties: true } } as const;

/** Form bodies (`application/x-www-form-urlencoded`, what the vendors' REST calls send) in the stand-in's scope. */
export function acceptForms(app: FastifyInstance): void {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
