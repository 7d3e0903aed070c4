/**
 * Static files: the client bundle (`/vf.js`, `/chunks/*` from dist/; `/vf.css` in reserveSheet.ts), the demo pages, the
 * framework examples (`/examples/<framework>/` from dist/examples/, docs/frameworks.md), and
 * `/healthz`. A missing build is a 404 that says what to run, not a crash. With `VF_DEMO_CSP`
 * (demo mode) the demo pages come with that Content-Security-Policy, to try a publisher's
 * (docs/server.md "Content-Security-Policy").
 */
import fastifyStatic from '@fastify/static';
import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AD_INTEGRATIONS } from '../../core/settings/ads.ts';
import { notFound } from '../errors.ts';
import { shape } from '../engine/schemas.ts';
import reserveSheetRoute from './reserveSheet.ts';
import { answers, sends } from './schemas.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(REPO_ROOT, 'dist');
const DEMO = join(REPO_ROOT, 'demo');
const EXAMPLES = join(DIST, 'examples');

/** The vendors with a stand-in in demo/vendors/standin.js: every integration but none. */
const STAND_IN_VENDORS = AD_INTEGRATIONS.filter((integration) => integration !== 'none');
/** The identity platforms' page scripts (docs/login.md "Stand-ins"): demo/vendors/<provider>.js each. */
const IDENTITY_STAND_INS = ['gigya', 'janrain', 'loginradius', 'backplane'];

const SHORT_CACHE = 'public, max-age=300';
/** What @fastify/send names a .js file. */
const JS = 'application/javascript';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** A route's config for files any origin may load: `Access-Control-Allow-Origin: *`, no credentials. */
export const publicCors = { cors: { origin: '*', credentials: false } } as FastifyContextConfig; // @fastify/cors reads it

export default async function staticRoutes(app: FastifyInstance, { demoCsp }: { demoCsp: string | null }): Promise<void> {
  // serve: false: only reply.sendFile is used, with an explicit root per route. The build
  // writes .br/.gz beside each file; preCompressed serves them (else the plain file).
  await app.register(fastifyStatic, { root: REPO_ROOT, serve: false, preCompressed: true });

  function send(reply: FastifyReply, root: string, file: string, cache: string | null) {
    if (!existsSync(root)) {
      throw notFound(root.startsWith(DIST) ? 'The client is not built: run `npm run build`' : `${root} is missing`);
    }
    if (cache) reply.header('Cache-Control', cache);
    // Path traversal is refused by @fastify/send (the file must stay under root).
    return reply.sendFile(file, root, { cacheControl: false, dotfiles: 'deny' });
  }

  const noInput = { querystring: { type: 'object' } };
  const script = (description: string) => ({ ...noInput, response: { 200: sends(description, JS) } });
  app.get('/healthz', { schema: { ...noInput, response: answers(shape({ ok: { type: 'boolean' } }, ['ok'])) } }, async () => ({ result: { ok: true } }));
  app.get('/vf.js', { schema: script('The loader (docs/developers.md)') }, (_request, reply) => send(reply, DIST, 'vf.js', SHORT_CACHE));
  // The elements' boxes before they load (docs/performance.md "Layout shift"), linked by publishers.
  await app.register(reserveSheetRoute, { dist: DIST });
  // The push service worker (docs/push.md): at the root so its scope is the whole demo origin.
  app.get('/vf_sw.js', { schema: script('The push service worker') }, (_request, reply) => send(reply, DIST, 'vf_sw.js', SHORT_CACHE));
  // Chunks are public code: any origin may load them, without credentials and without `Vary:
  // Origin`, so the loader's fetch() of a chunk (no Origin header on the same origin) and the
  // import() that follows (with one) share one cache entry (core/loader/moduleImport.ts).
  app.get<{ Params: { '*': string } }>('/chunks/*', { schema: { ...noInput, response: { 200: sends('A chunk of the client (code, styles, source maps)', '*/*') } }, config: publicCors }, (request, reply) =>
    send(reply, join(DIST, 'chunks'), request.params['*'], IMMUTABLE_CACHE),
  );
  // The ad vendors' local stand-ins (docs/ads.md "Stand-ins"): one file that installs the API of
  // the vendor its address names; any origin may load it, as a vendor's script.
  app.get<{ Params: { vendor: string } }>(
    '/demo/vendors/:vendor.js',
    { schema: { params: { type: 'object', properties: { vendor: { type: 'string', enum: [...STAND_IN_VENDORS, ...IDENTITY_STAND_INS] } }, required: ['vendor'] }, response: { 200: sends("The vendor's stand-in script", JS) } }, config: publicCors },
    (request, reply) => send(reply, join(DEMO, 'vendors'), IDENTITY_STAND_INS.includes(request.params.vendor) ? `${request.params.vendor}.js` : 'standin.js', null),
  );
  const demoPage = (reply: FastifyReply, file: string) => {
    if (demoCsp && file.endsWith('.html')) reply.header('Content-Security-Policy', demoCsp);
    return send(reply, DEMO, file, null);
  };
  app.get<{ Params: { '*': string } }>('/demo/*', { schema: { ...noInput, response: { 200: sends('A demo page or one of its files', '*/*') } } }, (request, reply) =>
    demoPage(reply, request.params['*'] || 'index.html'),
  );
  // The framework examples (scripts/build-examples.mjs); @fastify/send answers a folder with its index.html.
  app.get<{ Params: { '*': string } }>('/examples/*', { schema: { ...noInput, response: { 200: sends('A framework example or one of its files', '*/*') } } }, (request, reply) =>
    send(reply, EXAMPLES, request.params['*'], null),
  );
  app.get('/', { schema: { ...noInput, response: { 200: sends('The demo index page', 'text/html') } } }, (_request, reply) => demoPage(reply, 'index.html'));
}
