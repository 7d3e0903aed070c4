/**
 * The readable API reference at /api/docs: the OpenAPI document (document.ts) as one
 * server-rendered HTML page, grouped by service, each path and method with its parameters, body
 * and response codes. No script and no outside resources; every text from the document is escaped.
 */
import { escapeHtml } from '../identity/popupPage.ts';
import type { OpenApiDocument, Operation, Parameter } from './document.ts';

const e = escapeHtml;

/** A short one-line description of a schema: its type, enum or const. */
function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return 'any';
  const s = schema as Record<string, unknown>;
  if (Array.isArray(s['enum'])) return s['enum'].map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in s) return JSON.stringify(s['const']);
  if (s['type']) return [s['type']].flat().join(' | ') + (s['format'] ? ` (${String(s['format'])})` : '');
  if (Array.isArray(s['anyOf']) || Array.isArray(s['oneOf'])) return ((s['anyOf'] ?? s['oneOf']) as unknown[]).map(typeOf).join(' | ');
  return 'any';
}

function parameterRows(parameters: Parameter[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map((p) => `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${e(typeOf(p.schema))}</td></tr>`)
    .join('');
  return `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function operationHtml(path: string, method: string, operation: Operation): string {
  const id = e(operation.operationId);
  const body = operation.requestBody ? `<p>Body (JSON): ${e(typeOf(operation.requestBody.content['application/json']?.schema))}</p>` : '';
  const responses = Object.entries(operation.responses)
    .map(([code, response]) => `<li><code>${e(code)}</code> ${e(response.description)}</li>`)
    .join('');
  return (
    `<section id="${id}" aria-labelledby="${id}-h"><h3 id="${id}-h"><span class="method">${e(method.toUpperCase())}</span> <code>${e(path)}</code></h3>` +
    `${operation.summary ? `<p>${e(operation.summary)}</p>` : ''}${parameterRows(operation.parameters ?? [])}${body}` +
    `<p>Responses:</p><ul>${responses}</ul></section>`
  );
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}' +
  'code{font-family:ui-monospace,monospace}table{border-collapse:collapse;margin:.5rem 0}' +
  'th,td{border:1px solid #999;padding:.2rem .5rem;text-align:left}caption{text-align:left;font-weight:600}' +
  '.method{display:inline-block;min-width:4.5rem;font-weight:700}section{border-top:1px solid #ddd;padding:.5rem 0}';

export function referencePage(document: OpenApiDocument): string {
  const groups = document.tags.map((tag) => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.tags.includes(tag.name))
        .map(([method, operation]) => operationHtml(path, method, operation)),
    );
    return { tag, html: operations.join(''), count: operations.length };
  });
  const present = groups.filter((group) => group.count > 0);
  const toc = present.map(({ tag, count }) => `<li><a href="#service-${e(tag.name)}">${e(tag.name)}</a> — ${e(tag.description)} (${count})</li>`).join('');
  const sections = present
    .map(({ tag, html }) => `<h2 id="service-${e(tag.name)}"><code>${e(tag.name)}</code> — ${e(tag.description)}</h2>${html}`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${e(document.info.title)} API reference</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${e(document.info.title)} ${e(document.info.version)} API reference</h1><p>${e(document.info.description)} ` +
    `The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${e(document.openapi)}).</p>` +
    `<nav aria-label="Services"><ul>${toc}</ul></nav>${sections}</main></body></html>`
  );
}
