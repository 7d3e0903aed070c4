/**
 * GET /api/first-paint/:tag — an element's first page as server-rendered HTML (docs/api.md
 * "first-paint", docs/performance.md "Two paths to the first comments"). The same for every
 * guest, so it is kept in the guest cache, invalidated like a guest's list read: by the
 * container's event log and the site's generation; sent gzipped to a client that takes gzip. 204
 * when there is nothing to paint (no such container yet, or nothing in it to show), 404 for an
 * unknown tag or site: either way the browser renders as before.
 * `VF_FIRST_PAINT=0` leaves the route out (server/app.ts).
 */
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendJson, takesGzip } from '../engine/keptAnswers.ts';
import { getSite } from '../engine/sites.ts';
import { findContainer } from '../engine/containers.ts';
import { nextBanExpiry } from '../engine/bans.ts';
import { HttpError, notFound } from '../errors.ts';
import { shape } from '../engine/schemas.ts';
import { answers, uuid } from './schemas.ts';
import { toAttributeName, type AttrType } from '../../elements/ui/attributes.ts';
import type { ContainerKind } from '../storage/schema.ts';
import { directionOf, localeOf } from '../../core/i18n/languages.ts';
import type { Rendered } from '../ssr/render.ts';

/** First paints rendered at once, per process (more answer 503; the loader then leaves the element to the browser). */
export const MAX_RENDERS = 4;
/** The answer "nothing to paint", as the guest cache keeps it. */
const NOTHING = Buffer.alloc(0);
/** Tags the route knows, with their container kind (the renderer itself loads only when first asked). */
const KINDS: Record<string, ContainerKind> = { 'vf-conversations': 'conversation', 'vf-conversations-count': 'conversation', 'vf-pull-quote': 'conversation', 'vf-conversation-starter': 'conversation', 'vf-liveblog': 'liveblog', 'vf-livechat': 'chat', 'vf-reviews': 'reviews', 'vf-live-story': 'liveblog' };

interface Query {
  site_uuid?: string;
  domain?: string;
  container_id: string;
  lang?: string;
  origin?: string;
  /** `0`: the page has the shared stylesheets already (another element's answer brings them). */
  shared?: string;
  [attribute: string]: string | undefined;
}

const querystring = {
  type: 'object',
  properties: {
    site_uuid: uuid,
    domain: { type: 'string', minLength: 1, maxLength: 253 },
    container_id: { type: 'string', minLength: 1, maxLength: 2048 },
    lang: { type: 'string', maxLength: 35 },
    origin: { type: 'string', maxLength: 300 },
    shared: { enum: ['0', '1'] },
  },
  required: ['container_id'],
  // The element's attributes, by their names; those the element does not have are ignored.
  additionalProperties: { type: 'string', maxLength: 500 },
  maxProperties: 40,
};

/** The element's props from its attributes, as the browser's element parses them; in a stable order for the cache key. */
export function propsFromAttributes(types: Record<string, AttrType>, query: Query): Record<string, string | number | boolean> {
  const props: Record<string, string | number | boolean> = {};
  for (const prop of Object.keys(types).sort()) {
    const value = query[toAttributeName(prop)];
    if (value === undefined || (value === '' && types[prop] !== 'boolean')) continue;
    props[prop] = types[prop] === 'number' ? parseFloat(value) : types[prop] === 'boolean' ? value === '' || /^[ty1-9]/i.test(value) : value;
  }
  return props;
}

/**
 * Where the page reached this server, for the addresses the markup holds (pictures): this
 * request's host, with the scheme the loader saw (https behind a proxy that ends TLS).
 */
function publicOrigin(request: FastifyRequest<{ Querystring: Query }>): string {
  const scheme = request.query.origin?.startsWith('https:') ? 'https' : request.protocol;
  return `${scheme}://${request.headers.host ?? 'localhost'}`;
}

const text = { type: 'string' } as const;
/**
 * A first paint (core/loader/firstPaint.ts): sent as kept bytes (engine/keptAnswers.ts), so this
 * schema describes the answer rather than serialising it.
 */
const firstPaintAnswer = { 204: { type: 'null' }, ...answers(shape(
  {
    html: text, css: text, shared_css: text, structured_data: { type: ['object', 'null'], additionalProperties: true }, data_tag: text, container_uuid: text,
    locale: text, dir: text,
  },
  ['html', 'css', 'structured_data', 'data_tag', 'container_uuid', 'locale', 'dir'],
)) };

/** The answer's bytes (the shared stylesheets only when the page has not got them yet). */
function answerBody(rendered: Rendered, shared: boolean): Buffer {
  const { html, css, sharedCss, structuredData, dataTag, containerUuid } = rendered;
  return Buffer.from(JSON.stringify({
    result: {
      html, css, ...(shared ? { shared_css: sharedCss } : {}), structured_data: structuredData, data_tag: dataTag, container_uuid: containerUuid,
      locale: localeOf(rendered.lang), dir: directionOf(rendered.lang),
    },
  }));
}

const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
  let renderer: Promise<Awaited<ReturnType<typeof import('../ssr/render.ts')['createRenderer']>>> | null = null;
  const inflight = new Map<string, Promise<Buffer>>();

  app.get<{ Params: { tag: string }; Querystring: Query }>(
    '/api/first-paint/:tag',
    { schema: { params: { type: 'object', properties: { tag: { type: 'string', maxLength: 40 } }, required: ['tag'] }, querystring, response: firstPaintAnswer } },
    async (request, reply) => {
      const { tag } = request.params;
      const kind = KINDS[tag];
      if (!kind) throw notFound(`${tag} has no server-rendered first paint`);
      const q = request.query;
      const siteUuid = q.site_uuid ?? (q.domain ? await app.sites.siteForHost(q.domain) : null);
      const site = siteUuid ? await getSite(app.db, siteUuid) : null;
      if (!site) throw notFound('No such site');
      const container = await findContainer(app.db, site.uuid, q.container_id, kind);
      // A conversation nobody has started yet is no error: nothing to paint (a 404 would be one in the page's console).
      if (!container) return reply.code(204).send();

      renderer ??= import('../ssr/render.ts').then(({ createRenderer }) => createRenderer(app));
      const render = await renderer;
      const { FIRST_PAINT_ELEMENTS } = await import('../ssr/elements.ts');
      const props = propsFromAttributes(FIRST_PAINT_ELEMENTS[tag]!.definition.props as Record<string, AttrType>, q);
      const lang = q.lang?.trim().toLowerCase() || 'en-us';
      const origin = publicOrigin(request);
      const shared = q.shared !== '0';
      const key = `first-paint ${tag} ${origin} ${shared} ${site.uuid} ${q.container_id} ${lang} ${JSON.stringify(props)}`;

      const cache = app.guestCache;
      const gzip = takesGzip(request);
      const kept = cache.enabled ? cache.get(key, gzip) : null;
      if (kept) return kept.length ? sendJson(reply, kept, gzip) : reply.code(204).send();
      let pending = inflight.get(key);
      if (!pending) {
        // Every new key costs a render (tens of ms of CPU): a flood of them (varied hosts or
        // attributes) is told to render in the browser instead of queueing here.
        if (inflight.size >= MAX_RENDERS) throw new HttpError(503, 'Too many first paints being rendered: the element renders in the browser');
        const read = cache.begin(site.uuid, container.uuid, Number(container.event_seq ?? 0));
        pending = (async () => {
          const [rendered, banExpiry] = await Promise.all([
            render({ tag, origin, siteUuid: site.uuid, domain: q.domain ?? '', containerId: q.container_id, lang, props }),
            nextBanExpiry(app.db, site.uuid),
          ]);
          // An element that shows nothing (a count of no comments) is painted by its code, which
          // keeps its reserved box: that answer, empty, is kept too (no render per guest).
          const body = rendered?.html ? answerBody(rendered, shared) : NOTHING;
          if (cache.enabled) cache.keep(key, read, body, banExpiry ?? Infinity);
          return body;
        })().finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const body = await pending;
      if (!body.length) return reply.code(204).send();
      // A first paint is about its bytes: gzipped even when just rendered.
      return sendJson(reply, gzip ? gzipSync(body) : body, gzip);
    },
  );
};

export default plugin;
