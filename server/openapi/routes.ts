/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (its readable page), built
 * once, on the first request, when every route is registered (docs/api.md "OpenAPI").
 */
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../routes/static.ts';
import { sends } from '../routes/schemas.ts';
import type { CollectedRoute } from './collect.ts';
import { buildDocument, type OpenApiDocument } from './document.ts';
import { referencePage } from './page.ts';

const noInput = { querystring: { type: 'object' } };

export default async function openApiRoutes(app: FastifyInstance, options: { routes: CollectedRoute[] }): Promise<void> {
  let document: OpenApiDocument | null = null;
  let page: string | null = null;
  const built = (): OpenApiDocument => {
    if (!document) {
      const { name, version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
      document = buildDocument(options.routes, { name, version });
    }
    return document;
  };

  app.get(
    '/api/openapi.json',
    { schema: { ...noInput, response: { 200: { description: 'The OpenAPI 3.1 document', type: 'object', additionalProperties: true } } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return built();
    },
  );
  app.get(
    '/api/docs',
    { schema: { ...noInput, response: { 200: sends('The API reference page (HTML)', 'text/html') } } },
    async (_request, reply) => {
      page ??= referencePage(built());
      reply.header('Cache-Control', 'public, max-age=300');
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'");
      return reply.type('text/html; charset=utf-8').send(page);
    },
  );
}
