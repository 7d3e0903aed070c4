/**
 * The OpenAPI 3.1 document of the routes collect.ts gathered (docs/api.md "OpenAPI"): one path
 * item per address (`:param` and `*` become `{param}` and `{wildcard}`), one operation per method,
 * parameters from the params/querystring/headers schemas, the request body from the body schema,
 * one response per status code of the response schema. Schemas go in as written (schema2020.ts).
 */
import type { CollectedRoute } from './collect.ts';
import { toSchema2020 } from './schema2020.ts';

type Schema = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: unknown;
  description?: string;
}
export interface Operation {
  operationId: string;
  tags: string[];
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** The services, by address (docs/api.md); a route outside them is under OTHER. */
const SERVICES: [base: string, description: string][] = [
  ['/api/v2', 'api: sites, pages, accounts, users, community, shares, logins, reviews'],
  ['/api/comments', 'comments'],
  ['/api/liveblog', 'live blog'],
  ['/api/chat', 'chat'],
  ['/api/v5', 'notifications, subscriptions and push'],
  ['/api/polls', 'polls'],
  ['/api/analytics', 'analytics'],
];
const OTHER = 'other';

function serviceOf(path: string): string {
  const match = SERVICES.find(([base]) => path === base || path.startsWith(`${base}/`));
  return match ? match[0] : OTHER;
}

/** Fastify's address in OpenAPI's form, and the names of its path parameters. */
function openApiPath(url: string): { path: string; names: string[] } {
  const names: string[] = [];
  const path = url
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_match, name: string) => {
      names.push(name);
      return `{${name}}`;
    })
    .replace(/\*$/, () => {
      names.push('wildcard');
      return '{wildcard}';
    });
  return { path, names };
}

const asSchema = (value: unknown): Schema | null => (value && typeof value === 'object' ? (value as Schema) : null);

/** One parameter per property of an object schema (params, querystring or headers). */
function parametersOf(schema: unknown, place: Parameter['in']): Parameter[] {
  const object = asSchema(schema);
  const properties = asSchema(object?.['properties']) ?? {};
  const required = new Set((object?.['required'] as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, sub]) => {
    const parameter: Parameter = { name, in: place, required: place === 'path' || required.has(name), schema: toSchema2020(sub) };
    const description = asSchema(sub)?.['description'];
    if (typeof description === 'string') parameter.description = description;
    return parameter;
  });
}

function pathParameters(names: string[], schema: unknown): Parameter[] {
  const declared = parametersOf(schema, 'path');
  return names.map((name) => {
    const found = declared.find((parameter) => parameter.name === (name === 'wildcard' ? '*' : name));
    return found ? { ...found, name } : { name, in: 'path', required: true, schema: { type: 'string' } };
  });
}

/** Fastify's `2xx` is OpenAPI's `2XX`; a schema given per content type keeps its types. */
function responsesOf(response: unknown): Operation['responses'] {
  const byStatus = asSchema(response);
  if (!byStatus || Object.keys(byStatus).length === 0) return { default: { description: 'Not described (no response schema)' } };
  const out: Operation['responses'] = {};
  for (const [status, value] of Object.entries(byStatus)) {
    const schema = asSchema(value) ?? {};
    const code = /^[1-5]xx$/.test(status) ? status.toUpperCase() : status;
    const description = typeof schema['description'] === 'string' ? schema['description'] : `${code} response`;
    const content = asSchema(schema['content']);
    // `content: {}` (routes/schemas.ts noBody): an answer without a body, such as a redirect.
    out[code] = content && Object.keys(content).length === 0
      ? { description }
      : content
      ? { description, content: Object.fromEntries(Object.entries(content).map(([type, entry]) => [type, { schema: toSchema2020(asSchema(entry)?.['schema'] ?? {}) }])) }
      : { description, content: { 'application/json': { schema: toSchema2020(schema) } } };
  }
  return out;
}

function operationOf(route: CollectedRoute, path: string, names: string[]): Operation {
  const schema = (route.schema ?? {}) as Schema;
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    tags: [serviceOf(path)],
    responses: responsesOf(schema['response']),
  };
  if (typeof schema['summary'] === 'string') operation.summary = schema['summary'];
  const parameters = [...pathParameters(names, schema['params']), ...parametersOf(schema['querystring'], 'query'), ...parametersOf(schema['headers'], 'header')];
  if (parameters.length > 0) operation.parameters = parameters;
  if (schema['body']) operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema2020(schema['body']) } } };
  return operation;
}

export function buildDocument(routes: CollectedRoute[], info: { name: string; version: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const { path, names } = openApiPath(route.url);
    paths[path] ??= {};
    const operation = operationOf(route, path, names);
    // `/a/{b}` and `/a/b` would give one id: operation ids must be unique.
    for (let n = 2; ids.has(operation.operationId); n++) operation.operationId = operation.operationId.replace(/_\d+$/, '') + `_${n}`;
    ids.add(operation.operationId);
    paths[path][route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.name, version: info.version, description: 'The vf server\'s HTTP API, generated from the routes\' schemas. The protocol is described in docs/api.md.' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...SERVICES, [OTHER, 'first paint, realtime, static files, demo pages'] as [string, string]].map(([name, description]) => ({ name, description })),
    paths,
  };
}
