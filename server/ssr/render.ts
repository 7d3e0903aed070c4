/**
 * The server's first paint (docs/performance.md "Two paths to the first comments"): an element's
 * real React tree (elements/ui/elementTree.tsx), rendered with react-dom/server from a store of
 * its own that loads the first page through this server's own routes, in-process (app.inject).
 * The browser's takeover loads the same queries (the element's `firstPage`) and hydrates this
 * markup. React escapes every text; the output holds no script.
 */
import { register } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { PageIdentity } from '../../core/page/identity.ts';
import type { BootstrapResult } from '../../core/api/types.ts';

// Elements import their stylesheets as text: teach Node the same before any element loads. The
// built server (scripts/build-server.mjs) has them bundled as text already, and no loader thread.
if (import.meta.url.endsWith('.ts')) register('./cssText.mjs', import.meta.url);

/** What one render needs: the site, the page and the element's attributes. */
export interface RenderRequest {
  tag: string;
  /** This server's origin as the page reaches it: the markup's addresses (pictures) use it. */
  origin: string;
  /** The site by uuid, else by the page's domain. */
  siteUuid?: string;
  domain: string;
  containerId: string;
  /** The page's language as the page states it (the loader's reading); resolved like the browser does. */
  lang: string;
  /** The element's props (camelCase, as its attributes give them). */
  props: Record<string, string | number | boolean | undefined>;
}

export interface Rendered {
  html: string;
  /** The element's own stylesheet, and the ones every element's shadow root adopts before it (tokens, shared UI). */
  css: string;
  sharedCss: string;
  /** schema.org structured data for the page, or null. */
  structuredData: object | null;
  containerUuid: string;
  /** The language rendered in. */
  lang: string;
  /** Identifies the data rendered from; the browser hydrates only markup made from the same data. */
  dataTag: string;
}

/** Fetch through the app itself: no socket, no port, the same routes and guest cache as any reader. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
  }) as typeof fetch;
}

export async function createRenderer(app: FastifyInstance) {
  const [{ createAppStore }, { pageIdentified }, { bootstrapApi }, { bootstrapped }, elements, { renderFirstPaint }] =
    await Promise.all([
      import('../../core/store/index.ts'), import('../../core/page/slice.ts'),
      import('../../core/session/bootstrap.ts'), import('../../core/session/slice.ts'), import('./elements.ts'),
      import('./renderTree.tsx'),
    ]);
  const fetch = injectFetch(app);

  return async function render(request: RenderRequest): Promise<Rendered | null> {
    const element = elements.FIRST_PAINT_ELEMENTS[request.tag];
    if (!element) return null;
    const store = createAppStore(undefined, { fetch });
    store.dispatch(pageIdentified(pageOf(request)));
    const boot = await store.dispatch(
      bootstrapApi.endpoints.bootstrap.initiate(
        request.siteUuid ? { site_uuid: request.siteUuid, section_tree: true } : { domain: request.domain, section_tree: true },
      ),
    );
    if (!('data' in boot) || !boot.data) return null;
    store.dispatch(bootstrapped(boot.data as BootstrapResult));
    return renderFirstPaint(store, element, request);
  };
}

function pageOf(request: RenderRequest): PageIdentity {
  return {
    container_id: request.containerId, title: '', description: '', url: '', domain: request.domain, section: null,
    lang: request.lang, image_url: null, image_alt: null, page_type: 'article', unique_id: null, deeplink_uuid: null,
  };
}
