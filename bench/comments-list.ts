// Requests per second and latency of the comments list on loopback against the real server, the
// list's latency in a 100,000-comment container for every sort order (first and deep pages), and
// guests against signed-in readers on a 10,000-comment conversation at 50 connections (the guest
// cache, server/engine/guest-cache.ts). `node --import tsx bench/comments-list.ts` runs the last alone.
import autocannon from 'autocannon';
import pg from 'pg';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../server/storage/schema.ts';
import { SORT_ORDERS } from '../server/engine/contentQueries.ts';
import { openDatabase } from '../server/storage/engine.ts';
import { DEMO_SITE } from '../server/demo/index.ts';
import { callApi } from '../test/support/callApi.ts';
import { startServer } from '../test/support/serve.mjs';
import { type LargeContainer, middleRoot, seedLargeContainer } from './seed.ts';

export interface ListLoad { requestsPerSecond: number; p50: number; p99: number; errors: number }

export async function measureCommentsList(url: string, seconds = 5, connections = 10, headers: Record<string, string> = {}): Promise<ListLoad> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const LARGE_CONTAINER = 100_000;
export type Row = [string, string, string];
export type Engine = { name: 'SQLite'; env: Record<string, string> } | { name: 'PostgreSQL'; env: Record<string, string>; url: string };
/** The database a server on `engine` with data folder `dataDir` uses, opened from outside it (to seed or to count). */
export const openEngineDatabase = (engine: Engine, dataDir: string): Kysely<Database> =>
  openDatabase(engine.name === 'SQLite' ? { engine: 'sqlite', file: `${dataDir}/vf.sqlite` } : { engine: 'postgres', url: engine.url });
interface Seeded { origin: string; dataDir: string; container: string; middle: string }

/**
 * A server on the engine whose database first gets a large container written straight into it
 * (bench/seed.ts); `measure` gets the server, the container and its middle root item (where a
 * deep page starts). The guest cache is off unless `guestCache`: latency rows measure the read.
 */
export async function onLargeContainer(engine: Engine, total: number, shape: LargeContainer, measure: (at: Seeded) => Promise<Row[]>, guestCache = false): Promise<Row[]> {
  const server = await startServer({ env: { ...engine.env, ...(guestCache ? {} : { VF_GUEST_CACHE_MB: '0' }) } });
  try {
    const db = openEngineDatabase(engine, server.dataDir);
    let container: string;
    let middle: string;
    try {
      container = await seedLargeContainer(db, DEMO_SITE.uuid, total, shape);
      middle = await middleRoot(db, container);
    } finally {
      await db.destroy();
    }
    return await measure({ origin: server.origin, dataDir: server.dataDir, container, middle });
  } finally {
    await server.stop();
  }
}

/**
 * One server per engine with a 100,000-comment container; for each sort order, one reader at a
 * time (latency, not throughput) asks for the first page and for a deep page (continuing after
 * the comment in the middle of the container by date).
 */
function largeContainerRows(engine: Engine, seconds: number): Promise<Row[]> {
  return onLargeContainer(engine, LARGE_CONTAINER, {}, async ({ origin, container, middle }) => {
    const rows: Row[] = [[`comments list, ${LARGE_CONTAINER.toLocaleString('en')} comments in the container (${engine.name}, 1 connection)`, '', '']];
    const base = `${origin}/api/comments/${DEMO_SITE.uuid}/${container}/comments?limit=10&reply_limit=2`;
    for (const sort of SORT_ORDERS) {
      const first = await measureCommentsList(`${base}&sorted_by=${sort}`, seconds, 1);
      const deep = await measureCommentsList(`${base}&sorted_by=${sort}&starting_from=${middle}`, seconds, 1);
      rows.push([
        `  ${sort}: first / deep page p50, p99`,
        `${first.p50} / ${first.p99} ms, ${deep.p50} / ${deep.p99} ms`,
        first.errors + deep.errors > 0 ? `${first.errors + deep.errors} errors` : 'p99 ≤ 10 ms',
      ]);
    }
    return rows;
  });
}

/** `rows` on SQLite always; on PostgreSQL too when DATABASE_URL is set (a throw-away database on it). */
export async function perEngine(rowsOn: (engine: Engine) => Promise<Row[]>): Promise<Row[]> {
  const rows = await rowsOn({ name: 'SQLite', env: {} });
  const adminUrl = process.env['DATABASE_URL'];
  if (!adminUrl) return rows;
  const name = `vf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    rows.push(...(await rowsOn({ name: 'PostgreSQL', env: { DATABASE_URL: url.toString() }, url: url.toString() })));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}

/**
 * `measure` in this process on a fresh SQLite file, and on DATABASE_URL's database when set
 * (bench/reviews.ts, bench/analyticsVolume.ts): for benches of a query, with no server between.
 */
export async function inProcessPerEngine(folderPrefix: string, measure: (name: string, db: Kysely<Database>) => Promise<Row[]>): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  const rows: Row[] = [];
  try {
    const sqlite = openDatabase({ engine: 'sqlite', file: join(dir, 'vf.sqlite') });
    rows.push(...(await measure('SQLite', sqlite)));
    await sqlite.destroy();
    if (process.env['DATABASE_URL']) {
      const postgres = openDatabase({ engine: 'postgres', url: process.env['DATABASE_URL'] });
      rows.push(...(await measure('PostgreSQL', postgres)));
      await postgres.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** The comments list at scale, per engine. */
export const largeContainerTable = (seconds = 2): Promise<Row[]> => perEngine((engine) => largeContainerRows(engine, seconds));

export const GUEST_LIST_COMMENTS = 10_000;
const GUEST_CONNECTIONS = 50;
/** Before each measured run: the server's code paths compiled, its caches filled. */
const WARM_UP_SECONDS = 3;

/** A new reader of the demo site, signed in: their token. */
export async function readerToken(origin: string): Promise<string> {
  const account = { name: 'Bench Guest Reader', email: `bench-reader-${randomUUID()}@example.com`, password: 'bench-password-1', section: DEMO_SITE.uuid };
  await callApi(origin, 'POST', '/api/v2/users', account);
  return (await callApi<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email: account.email, password: account.password, section: account.section })).access_token;
}

/**
 * The first page of a 10,000-comment conversation at 50 connections on SQLite: guests (the same
 * request for all, answered from the guest cache) and one signed-in reader (never cached), after
 * a warm-up each. Aim (issue 17): guests ≥ 3,500 req/s with p99 ≤ 25 ms.
 */
export function guestListRows(seconds = 5): Promise<Row[]> {
  return onLargeContainer({ name: 'SQLite', env: {} }, GUEST_LIST_COMMENTS, {}, async ({ origin, container }) => {
    const url = `${origin}/api/comments/${DEMO_SITE.uuid}/${container}/comments?limit=10&reply_limit=2&sorted_by=newest`;
    const reader = { authorization: `Bearer ${await readerToken(origin)}` };
    const shown = (load: ListLoad) => `${load.requestsPerSecond} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms${load.errors > 0 ? `, ${load.errors} errors` : ''}`;
    await measureCommentsList(url, WARM_UP_SECONDS, GUEST_CONNECTIONS);
    const guests = await measureCommentsList(url, seconds, GUEST_CONNECTIONS);
    await measureCommentsList(url, WARM_UP_SECONDS, GUEST_CONNECTIONS, reader);
    const signedIn = await measureCommentsList(url, seconds, GUEST_CONNECTIONS, reader);
    const title = `${GUEST_LIST_COMMENTS.toLocaleString('en')} comments; SQLite, ${GUEST_CONNECTIONS} connections, ${seconds} s`;
    return [
      [`comments list, guests (guest cache; ${title})`, shown(guests), '≥ 3,500 req/s, p99 ≤ 25 ms'],
      ['  the same list, a signed-in reader (not cached)', shown(signedIn), ''],
    ];
  }, true);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await guestListRows()) console.log(row.join(' | '));
}
