/**
 * `/vf.css`, the elements' boxes before they load (docs/performance.md "Layout shift"), linked by
 * publishers in the page's head. The build's dist/vf.css, and for the page's site (the stylesheet
 * request's Referer, the page's address or origin) what only the site knows: whether its trending
 * surface shows an ad card, and how tall (elements/vf-trending-articles/reserve.css), and for a
 * `<vf-ad>` naming no integration, whether its surface shows an ad and a video's height
 * (elements/vf-ad/reserve.css). A page whose site is unknown, or that sends no Referer, gets the
 * build's file: its trending block may then grow by the ad card when its list comes, and a
 * `<vf-ad>` reserves a rectangle's box.
 *
 * Cached privately, not `Vary: Referer`: a page of the same origin as the server sends its full
 * address, so every page would fetch the sheet again. The browser's cache is partitioned by the
 * top-level site, so one publisher's pages do not get another's; a shared cache must not keep it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { adSiteReserveCss } from '../../elements/vf-ad/siteReserve.ts';
import { siteReserveCss } from '../../elements/vf-trending-articles/siteReserve.ts';
import { takesGzip } from '../engine/keptAnswers.ts';
import { getSite, hostOf } from '../engine/sites.ts';
import { notFound } from '../errors.ts';
import { sends } from './schemas.ts';

const CSS = 'text/css; charset=utf-8';
const gzipAsync = promisify(gzipCallback);
/** Five minutes, as vf.js (a release changes it), in the reader's browser only (above). */
const CACHE = 'private, max-age=300';

interface Variant {
  plain: Buffer;
  gzip: Buffer;
}

export default async function reserveSheetRoute(app: FastifyInstance, { dist }: { dist: string }): Promise<void> {
  const file = join(dist, 'vf.css');
  // One entry per set of rules a site adds (a few ad heights at most), dropped when the build changes.
  let built = { mtimeMs: -1, variants: new Map<string, Variant>() };

  // Asynchronous file work: the sheet is asked for on every page view, beside the API's calls.
  async function variant(extra: string): Promise<Variant> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      throw notFound('The client is not built: run `npm run build`');
    }
    if (mtimeMs !== built.mtimeMs) built = { mtimeMs, variants: new Map() };
    let kept = built.variants.get(extra);
    if (!kept) {
      const plain = Buffer.concat([await readFile(file), Buffer.from(extra)]);
      kept = { plain, gzip: await gzipAsync(plain, { level: 9 }) };
      built.variants.set(extra, kept);
    }
    return kept;
  }

  /** The rules of the site the page belongs to; '' when there are none or it cannot be known. */
  async function extraFor(request: FastifyRequest): Promise<string> {
    const referer = request.headers.referer;
    const host = typeof referer === 'string' ? hostOf(referer) : null;
    const uuid = host ? await app.sites.siteForHost(host) : null;
    const site = uuid ? await getSite(app.db, uuid) : null;
    return site ? siteReserveCss(site.settings) + adSiteReserveCss(site.settings) : '';
  }

  app.get(
    '/vf.css',
    { schema: { querystring: { type: 'object' }, response: { 200: sends("The elements' loading boxes, with the page's site's", 'text/css') } } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const sheet = await variant(await extraFor(request));
      const gzip = takesGzip(request);
      reply.type(CSS).header('Cache-Control', CACHE).header('Vary', 'Accept-Encoding');
      if (gzip) reply.header('Content-Encoding', 'gzip');
      return reply.send(gzip ? sheet.gzip : sheet.plain);
    },
  );
}
