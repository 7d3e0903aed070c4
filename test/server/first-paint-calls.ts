/**
 * What GET /api/first-paint/{tag} answers (server/routes/firstPaint.ts), and the check every
 * painted kind shares: the second guest gets the first one's kept answer.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { resultOf } from './helpers.ts';

export interface Painted<Data = Record<string, any> | null> {
  html: string;
  css: string;
  shared_css?: string;
  structured_data: Data;
  data_tag: string;
  container_uuid: string;
  locale: string;
  dir: string;
}

/** Paints twice: the second answer is the kept one, byte for byte. Returns the first. */
export async function keptForTheNextGuest<Data = Record<string, any> | null>(
  app: FastifyInstance, paint: () => Promise<LightMyRequestResponse>, what = '',
): Promise<Painted<Data>> {
  const response = await paint();
  const hits = app.guestCache.hits;
  const again = await paint();
  assert.equal(app.guestCache.hits, hits + 1, `${what}the second guest gets the kept answer`);
  assert.equal(again.body, response.body);
  return resultOf<Painted<Data>>(response);
}
