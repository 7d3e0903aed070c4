/**
 * A local stand-in for SAP Gigya's REST API (docs/login.md "Stand-ins"): the parts vf and the page
 * script demo/vendors/gigya.js use. `accounts.login` signs the chosen reader's UID as Gigya does
 * (server/identity/gigya.ts gigyaUidSignature, with the stand-in's partner secret) and
 * `accounts.getAccountInfo` answers the profile to a caller holding the API key and secret. The
 * demo registers it under /demo/standin/gigya; tests start it on a port of their own.
 */
import type { FastifyInstance } from 'fastify';
import { gigyaUidSignature } from '../identity/index.ts';
import { notApi } from './notApi.ts';
import { acceptForms, formBody, readerOf, STAND_IN_READERS, vendorAnswer, type StandInReader } from './readers.ts';

export interface GigyaStandInOptions {
  apiKey: string;
  /** The partner secret (base64) the site's vf configuration holds too. */
  secret: string;
  readers?: readonly StandInReader[];
}

const uidOf = (reader: StandInReader) => `gigya-${reader.id}`;

export default async function gigyaStandIn(app: FastifyInstance, options: GigyaStandInOptions): Promise<void> {
  const readers = options.readers ?? STAND_IN_READERS;
  acceptForms(app);
  const fail = (errorCode: number, errorMessage: string) => ({ errorCode, errorMessage, statusCode: 403 });

  app.post<{ Body: Record<string, string> }>('/accounts.login', { ...notApi, schema: { body: formBody, response: vendorAnswer } }, async (request) => {
    if (request.body['apiKey'] !== options.apiKey) return fail(400093, 'Invalid ApiKey parameter');
    const reader = readerOf(readers, request.body['loginID']);
    if (!reader) return fail(403042, 'Invalid LoginID');
    const signatureTimestamp = String(Math.floor(Date.now() / 1000));
    const UID = uidOf(reader);
    return {
      errorCode: 0,
      statusCode: 200,
      UID,
      UIDSignature: gigyaUidSignature(options.secret, UID, signatureTimestamp),
      signatureTimestamp,
      profile: { nickname: reader.name, email: reader.email },
    };
  });

  app.post<{ Body: Record<string, string> }>('/accounts.getAccountInfo', { ...notApi, schema: { body: formBody, response: vendorAnswer } }, async (request) => {
    if (request.body['apiKey'] !== options.apiKey) return fail(400093, 'Invalid ApiKey parameter');
    if (request.body['secret'] !== options.secret) return fail(403003, 'Invalid request signature');
    const reader = readers.find((candidate) => uidOf(candidate) === request.body['UID']);
    if (!reader) return fail(403005, 'Unauthorized user');
    return {
      errorCode: 0,
      statusCode: 200,
      UID: uidOf(reader),
      profile: { nickname: reader.name, email: reader.email, ...(reader.photo ? { photoURL: reader.photo } : {}) },
      emails: { verified: reader.verified ? [reader.email] : [], unverified: reader.verified ? [] : [reader.email] },
    };
  });
}
