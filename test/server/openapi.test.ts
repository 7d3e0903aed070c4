/**
 * GET /api/openapi.json and GET /api/docs (docs/api.md "OpenAPI"): the document is structurally
 * valid OpenAPI 3.1, its schemas compile as JSON Schema 2020-12, every templated path declares its
 * parameters, and a route without a response schema must be on the allow-list beside this file.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenApiDocument, Operation } from '../../server/openapi/document.ts';
import { AJV_OPTIONS } from '../../server/validation.ts';
import { build } from './helpers.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const ALLOW_LIST = new URL('./openapi-no-response-schema.txt', import.meta.url);

/** The problems found in `doc`, for the parts of OpenAPI 3.1 the server emits (empty: valid). */
function structuralProblems(doc: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.1\.\d+$/.test(doc.openapi)) problems.push(`openapi is ${doc.openapi}`);
  if (typeof doc.info?.title !== 'string' || typeof doc.info?.version !== 'string') problems.push('info needs title and version');
  if (!doc.paths || typeof doc.paths !== 'object') return [...problems, 'paths missing'];
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: must start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.includes(method)) problems.push(`${where}: not a method`);
      if (ids.has(operation.operationId)) problems.push(`${where}: operationId ${operation.operationId} repeated`);
      ids.add(operation.operationId);
      if (!operation.responses || Object.keys(operation.responses).length === 0) problems.push(`${where}: no responses`);
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        if (!/^([1-5][0-9]{2}|[1-5]XX|default)$/.test(code)) problems.push(`${where}: response code ${code}`);
        if (typeof response.description !== 'string') problems.push(`${where} ${code}: no description`);
      }
      const parameters = operation.parameters ?? [];
      const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      for (const name of templated) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name && p.required === true)) problems.push(`${where}: {${name}} has no required path parameter`);
      }
      for (const name of pathNames) if (!templated.includes(name)) problems.push(`${where}: path parameter ${name} not in the path`);
      const seen = new Set(parameters.map((p) => `${p.in}:${p.name}`));
      if (seen.size !== parameters.length) problems.push(`${where}: a parameter is repeated`);
      if (parameters.some((p) => !['path', 'query', 'header', 'cookie'].includes(p.in))) problems.push(`${where}: a parameter's "in"`);
    }
  }
  return problems;
}

/** Every schema of one operation, with where it is. */
function schemasOf(where: string, operation: Operation): [string, unknown][] {
  return [
    ...(operation.parameters ?? []).map((p): [string, unknown] => [`${where} parameter ${p.name}`, p.schema]),
    ...Object.entries(operation.requestBody?.content ?? {}).map(([type, media]): [string, unknown] => [`${where} body ${type}`, media.schema]),
    ...Object.entries(operation.responses).flatMap(([code, response]) =>
      Object.entries(response.content ?? {}).map(([type, media]): [string, unknown] => [`${where} ${code} ${type}`, media.schema]),
    ),
  ];
}

async function fetchDocument(t: import('node:test').TestContext) {
  const app = await build(t);
  const response = await app.inject({ url: '/api/openapi.json' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /application\/json/);
  return { app, doc: response.json() as OpenApiDocument };
}

test('the document is OpenAPI 3.1 with every route, and every schema compiles as JSON Schema 2020-12', async (t) => {
  const { doc } = await fetchDocument(t);
  assert.equal(doc.openapi, '3.1.0');
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  assert.deepEqual([doc.info.title, doc.info.version], [pkg.name, pkg.version]);
  assert.deepEqual(structuralProblems(doc), []);
  // Known routes, with their parameters and response codes.
  // Validation comes first: Ajv checks each schema against the 2020-12 meta-schema. `strict: false`
  // turns off Ajv's own lints (a `default` on a parameter, `required` inside `then`), which are not JSON Schema errors.
  const poll = doc.paths['/api/polls/{section}']?.['post'];
  assert.ok(poll?.parameters?.some((p) => p.name === 'section' && p.in === 'path' && p.required));
  assert.ok(poll?.requestBody && poll.responses['200']?.content?.['application/json']);
  const events = doc.paths['/api/analytics/events']?.['post'];
  assert.ok(events, 'POST /api/analytics/events is documented');
  assert.ok(events.parameters?.some((p) => p.name === 'domain' && p.in === 'query'));
  assert.ok(events.requestBody?.content['application/json']);
  assert.ok(doc.paths['/api/openapi.json']?.['get']?.responses['200']);
  assert.ok(!Object.values(doc.paths).some((item) => 'head' in item || 'options' in item), 'no implied HEAD/OPTIONS routes');
  const ajv = new Ajv2020({ ...AJV_OPTIONS.customOptions, strict: false, validateFormats: false });
  const failures: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [where, schema] of schemasOf(`${method.toUpperCase()} ${path}`, operation)) {
        try {
          ajv.compile(schema as object);
        } catch (error) {
          failures.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
  }
  assert.deepEqual(failures, []);
});

test('the structural check finds what is wrong', () => {
  const broken = {
    openapi: '3.0.0',
    info: { title: 'x', version: '1' },
    paths: { '/a/{id}': { get: { operationId: 'a', tags: [], responses: {} } }, '/b': { get: { operationId: 'a', tags: [], responses: { 200: {} } } } },
  } as unknown as OpenApiDocument;
  const problems = structuralProblems(broken);
  assert.ok(problems.includes('openapi is 3.0.0'));
  assert.ok(problems.includes('GET /a/{id}: no responses'));
  assert.ok(problems.includes('GET /a/{id}: {id} has no required path parameter'));
  assert.ok(problems.includes('GET /b: operationId a repeated'));
  assert.ok(problems.includes('GET /b 200: no description'));
});

test('a route without a response schema is on the allow-list, and the list names no route that has one', async (t) => {
  const { doc } = await fetchDocument(t);
  const missing = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => Object.keys(operation.responses).join() === 'default')
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  console.log(`routes without a response schema (${missing.length}):\n${missing.join('\n')}`);
  const allowed = readFileSync(ALLOW_LIST, 'utf8').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  assert.deepEqual(missing.filter((route) => !allowed.includes(route)), [], 'new routes need a response schema (or, with a reason, a line in test/server/openapi-no-response-schema.txt)');
  assert.deepEqual(allowed.filter((route) => !missing.includes(route)), [], 'these routes have a response schema now: take them off the allow-list');
});

test('/api/docs is a readable page of every service, with the text escaped', async (t) => {
  const { app, doc } = await fetchDocument(t);
  const response = await app.inject({ url: '/api/docs' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/html/);
  assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
  const html = response.body;
  assert.doesNotMatch(html, /<script|https?:\/\/(?!json-schema)/i, 'no script and nothing from outside');
  for (const base of ['/api/v2', '/api/comments', '/api/liveblog', '/api/chat', '/api/v5', '/api/polls', '/api/analytics']) {
    assert.ok(html.includes(`<h2 id="service-${base}">`), `${base} has a section`);
  }
  assert.ok(html.includes('<code>/api/analytics/events</code>'));
  assert.ok(html.includes('<code>/api/openapi.json</code>'));
  // Every operation is listed; text from the document (descriptions, enums in quotes) is escaped.
  const operations = Object.values(doc.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  assert.equal(html.match(/<section id=/g)?.length, operations);
  assert.ok(html.includes('&quot;'), 'quotes in enum values are escaped');
  const { referencePage } = await import('../../server/openapi/page.ts');
  const hostile = referencePage({ ...doc, info: { ...doc.info, title: '<img src=x onerror=alert(1)>' } });
  assert.ok(!hostile.includes('<img src=x'));
  assert.ok(hostile.includes('&lt;img src=x onerror=alert(1)&gt;'));
});
