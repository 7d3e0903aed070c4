/**
 * Graceful shutdown (server/operations/shutdown.ts, docs/server.md "Operations"): the real server
 * process gets SIGTERM while a realtime socket is open and a request is in flight. The socket is
 * closed with 1012 (the client reconnects with back-off and catches up), a request on a connection
 * opened before is answered with `Connection: close`, the request in flight finishes and
 * its queued write (an analytics batch: a group commit) is in the database, no new connection is
 * accepted, and the process exits 0.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import Sqlite from 'better-sqlite3';
import { WebSocket } from 'ws';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { SERVICE_RESTART } from '../../server/operations/shutdown.ts';
import { startServer } from '../support/serve.mjs';
import { makeEvent } from './analytics-calls.ts';

/** A GET over `agent`: its status and Connection header. */
function get(origin: string, path: string, agent: Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(new URL(path, origin), { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
    }).on('error', reject).end();
  });
}

/** Resolves when a new TCP connection to `origin` is accepted, rejects when it is refused. */
function newConnection(origin: string): Promise<void> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => { socket.destroy(); resolve(); });
    socket.once('error', reject);
  });
}

/** A connection open now, on which `upgrade()` later asks for a websocket and resolves with the answer's status line. */
async function connectionForUpgrade(origin: string): Promise<{ upgrade(): Promise<string> }> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  return {
    async upgrade() {
      socket.write(`GET /ws?site_uuid=${DEMO_SITE.uuid} HTTP/1.1\r\nHost: ${hostname}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n');
      const [answer] = (await once(socket, 'data')) as [Buffer];
      socket.destroy();
      return answer.toString().split('\r\n')[0]!;
    },
  };
}

/** A POST whose headers are sent now and whose body only when `finish` is called: a request in flight. */
function heldPost(origin: string, path: string, body: string) {
  const url = new URL(path, origin);
  const sent = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    sent.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text }));
    });
    sent.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  sent.write(body.slice(0, half));
  return { answered, finish: () => sent.end(body.slice(half)) };
}

test('SIGTERM: sockets told to reconnect (1012), no new connection, kept-alive ones answered and closed, new websockets refused, the request in flight finishes and its queued write is stored, exit 0', async (t) => {
  // Behind a proxy (this test plays it): its idle connections are kept through the proxy's idle timeout.
  const server = await startServer({ env: { LOG_LEVEL: 'info', VF_TRUST_PROXY: '127.0.0.1' } });
  t.after(() => server.stop());
  // The proxy's kept-alive connection, open before the signal.
  const keptAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  t.after(() => keptAlive.destroy());
  assert.equal((await get(server.origin, '/healthz', keptAlive)).connection, 'keep-alive');
  const proxyConnection = await connectionForUpgrade(server.origin);

  const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/ws?site_uuid=${DEMO_SITE.uuid}`);
  await once(socket, 'open');
  const closed = once(socket, 'close') as Promise<[number, Buffer]>;

  const event = makeEvent('page_view');
  const inFlight = heldPost(server.origin, '/api/analytics/events?domain=127.0.0.1', JSON.stringify({ events: [event] }));
  await new Promise((resolve) => setTimeout(resolve, 200)); // the server has read the headers and waits for the body

  process.kill(server.pid, 'SIGTERM');
  const [code, reason] = await closed;
  assert.equal(code, SERVICE_RESTART);
  assert.equal(reason.toString(), 'Service restart');
  await assert.rejects(newConnection(server.origin), 'no new connection is accepted while draining');
  // A request on a connection opened before is answered, not refused, and its connection closed after it.
  assert.deepEqual(await get(server.origin, '/healthz', keptAlive), { status: 200, connection: 'close' });
  // A websocket asked for on a connection opened before is refused, for the proxy to send it to another process.
  assert.equal(await proxyConnection.upgrade(), 'HTTP/1.1 503 Service Unavailable');

  inFlight.finish();
  const answer = await inFlight.answered;
  assert.equal(answer.status, 204, answer.body);
  assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());

  const db = new Sqlite(join(server.dataDir, 'vf.sqlite'), { readonly: true });
  try {
    const stored = db.prepare('SELECT count(*) AS n FROM analytics_eids WHERE eid = ?').get(event.eid) as { n: number };
    assert.equal(stored.n, 1, 'the batch written by the group commit is in the database');
  } finally {
    db.close();
  }
  assert.match(server.output(), /"msg":"shutting down: draining sockets and requests"/);
  assert.match(server.output(), /"msg":"shut down"/);
});

test('a drain that outlasts VF_DRAIN_SECONDS is cut: the process still exits, with 1', async (t) => {
  const server = await startServer({ env: { LOG_LEVEL: 'info', VF_DRAIN_SECONDS: '1' } });
  t.after(() => server.stop());
  const inFlight = heldPost(server.origin, '/api/analytics/events?domain=127.0.0.1', JSON.stringify({ events: [makeEvent('page_view')] }));
  inFlight.answered.catch(() => {}); // cut: never answered
  await new Promise((resolve) => setTimeout(resolve, 200));
  const asked = Date.now();
  process.kill(server.pid, 'SIGTERM');
  assert.deepEqual(await server.exited, { code: 1, signal: null }, server.output());
  const waited = Date.now() - asked;
  assert.ok(waited >= 900 && waited < 5000, `exited after ${waited} ms`);
  assert.match(server.output(), /draining took too long/);
});
