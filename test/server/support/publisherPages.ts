/**
 * A publisher's web server for tests (the pages the vf server reads, docs/api.md "Pages") on a
 * loopback address: each path answers as `routes` says (a page, a redirect, a slow or endless
 * answer), and every request it got is kept.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';

export type Route = (res: ServerResponse) => void;

export interface PublisherPages {
  origin: string;
  routes: Map<string, Route>;
  /** The paths asked for, in order. */
  requested: string[];
}

/** An HTML page with these head tags (already HTML) and a body. */
export const html = (head: string, body = '<p>The story.</p>'): Route => (res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`);
};

export const redirect = (location: string, status = 302): Route => (res) => {
  res.writeHead(status, { location });
  res.end();
};

export async function publisherPages(t: TestContext, host = '127.0.0.1'): Promise<PublisherPages> {
  const state: PublisherPages = { origin: '', routes: new Map(), requested: [] };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    state.requested.push(path);
    const route = state.routes.get(path);
    if (route) return route(res);
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  t.after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  state.origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return state;
}
