/**
 * Every route the app registers, as Fastify's `onRoute` hook sees it: its method, address and
 * schemas. app.ts adds the hook before any route plugin, so the list is complete once the app is
 * ready; document.ts turns it into the OpenAPI document (docs/api.md "OpenAPI").
 */
import type { FastifyInstance, FastifySchema } from 'fastify';

export interface CollectedRoute {
  method: string;
  /** Fastify's address, e.g. `/api/v2/:site_uuid/users/*`. */
  url: string;
  schema: FastifySchema | undefined;
}

/** Methods Fastify adds by itself: HEAD beside every GET, and the CORS plugin's OPTIONS preflight. */
const IMPLIED = new Set(['HEAD', 'OPTIONS']);

/** Starts collecting the routes registered on `app` from now on; the returned list fills as they come. */
export function collectRoutes(app: FastifyInstance): CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // The identity providers' demo stand-ins (server/standins/) are not vf's API.
    if ((route.config as { openapi?: boolean } | undefined)?.openapi === false) return;
    for (const method of [route.method].flat()) {
      if (IMPLIED.has(method)) continue;
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  return routes;
}
