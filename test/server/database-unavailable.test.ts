/**
 * A request whose database cannot be reached is answered 503 with Retry-After and the UNAVAILABLE
 * envelope (server/errors.ts), not 500: isDatabaseUnavailable (server/storage/databaseUnavailable.ts)
 * on the errors pg really produces, then through a real app. Store-independent in what it checks,
 * but run in both layers: with VF_TEST_STORE=postgres a real PostgreSQL goes away under the app.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seed } from '../../server/demo/index.ts';
import { UNAVAILABLE } from '../../server/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../server/storage/databaseUnavailable.ts';
import { freePort } from '../support/serve.mjs';
import { build, freshPostgres, SITE, usingPostgres } from './helpers.ts';

/** pg's error for a message PostgreSQL sent (pg-protocol's DatabaseError), with its SQLSTATE. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.severity = 'FATAL';
  error.code = code;
  return error;
}

/** What a pg client's connect() rejects with. */
async function connectError(port: number): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'vf', database: 'vf', connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  return client.connect().then(() => assert.fail('connected'), (error: unknown) => error);
}

/** A TCP server that accepts and at once hangs up: a PostgreSQL that dies as the client connects. */
async function hangingUpServer(): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('isDatabaseUnavailable', () => {
  test('true for the errors of a database that is down, restarting or unreachable', async (t) => {
    assert.equal(isDatabaseUnavailable(serverError('57P01', 'terminating connection due to administrator command')), true);
    assert.equal(isDatabaseUnavailable(serverError('08006', 'connection failure')), true);
    assert.equal(isDatabaseUnavailable(serverError('53300', 'sorry, too many clients already')), true);

    const refused = await connectError(await freePort());
    assert.equal((refused as { code?: string }).code, 'ECONNREFUSED', String(refused));
    assert.equal(isDatabaseUnavailable(refused), true);

    const hangingUp = await hangingUpServer();
    t.after(() => hangingUp.close());
    const terminated = await connectError((hangingUp.address() as { port: number }).port);
    assert.match((terminated as Error).message, /^Connection terminated unexpectedly/);
    assert.equal(isDatabaseUnavailable(terminated), true);
  });

  test('false for a fault in the request or the code', () => {
    assert.equal(isDatabaseUnavailable(new Error('something broke')), false);
    assert.equal(isDatabaseUnavailable(serverError('23505', 'duplicate key value violates unique constraint')), false);
    assert.equal(isDatabaseUnavailable(serverError('42P01', 'relation "nowhere" does not exist')), false);
    assert.equal(isDatabaseUnavailable('ECONNREFUSED'), false);
    assert.equal(isDatabaseUnavailable(undefined), false);
  });
});

function assertUnavailable(response: LightMyRequestResponse): void {
  assert.equal(response.statusCode, 503, response.body);
  assert.equal(response.headers['retry-after'], String(DATABASE_RETRY_AFTER_SECONDS));
  assert.deepEqual(response.json(), UNAVAILABLE);
}

describe('a request whose database is unreachable', () => {
  test('is answered 503 with Retry-After and the envelope; any other failure still 500', async (t) => {
    // A pool on a port nobody listens on: the real driver's error, as a route's query meets it.
    const nowhere = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'vf', database: 'vf', connectionTimeoutMillis: 5000 });
    t.after(() => nowhere.end());
    const app = await build(t, {}, (app) => {
      app.get('/test/terminated', async () => {
        throw serverError('57P01', 'terminating connection due to administrator command');
      });
      app.get('/test/refused', async () => (await nowhere.query('SELECT 1')).rows);
      app.get('/test/broken', async () => {
        throw new Error('something broke');
      });
    });
    assertUnavailable(await app.inject({ method: 'GET', url: '/test/terminated' }));
    assertUnavailable(await app.inject({ method: 'GET', url: '/test/refused' }));

    const broken = await app.inject({ method: 'GET', url: '/test/broken' });
    assert.equal(broken.statusCode, 500);
    assert.equal(broken.headers['retry-after'], undefined);
    assert.deepEqual(broken.json(), { error_status: 500, message: 'something went wrong' });
  });

  // build() gives each test its own database and the app must migrate on start, so the database
  // is cut under a running app instead: its connections go through a proxy this test closes.
  // PostgreSQL's own case: in its server layer only.
  if (usingPostgres) test('PostgreSQL gone under a running app: a query in flight and a new read answer 503 with Retry-After, and the process lives on', async (t) => {
    const cleanups: (() => Promise<void>)[] = [];
    t.after(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });
    const database = new URL(await freshPostgres(cleanups));
    const proxy = await tcpProxy(database.hostname, Number(database.port || 5432));
    cleanups.push(() => proxy.cut());
    const viaProxy = new URL(database);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const app: FastifyInstance = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VF_PASSWORD_COST: '10', DATABASE_URL: viaProxy.toString() }) });
    cleanups.push(() => app.close());
    // A query still running when the connection goes.
    app.get('/test/slow-query', async () => {
      await sql`select pg_sleep(2)`.execute(app.db);
      return { ok: true };
    });
    await app.ready(); // the migrations, through the proxy
    await seed(app);

    // A page's conversation looked up by its id (new ids: no cache holds the answer).
    const read = (containerId: string) => app.inject({ method: 'GET', url: `/api/comments/${SITE}/contentcontainer/id?container_id=${containerId}` });
    const whileUp = await read('before-the-outage');
    assert.equal(whileUp.statusCode, 200, whileUp.body);

    const inFlight = app.inject({ method: 'GET', url: '/test/slow-query' });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the query has reached PostgreSQL
    await proxy.cut();
    // The checked-out connection's 'error' is heard (server/storage/engine.ts): the request fails
    // with a 503, and this process — the server's — is still here to assert it.
    assertUnavailable(await inFlight);
    // Let the pool see its idle connections hang up and drop them, so the read opens a new one and is refused.
    await new Promise((resolve) => setTimeout(resolve, 250));
    assertUnavailable(await read('during-the-outage'));
  });
});

/** Forwards 127.0.0.1:port to host:port until cut(), which closes the port and every connection. */
async function tcpProxy(host: string, port: number): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection(port, host);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let cut: Promise<void> | null = null;
  return {
    port: (server.address() as { port: number }).port,
    cut: () =>
      (cut ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      })),
  };
}
