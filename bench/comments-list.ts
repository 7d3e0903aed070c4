// Requests per second and latency of the comments list on loopback against the real server, and
// the list's latency in a 100,000-comment container for every sort order (first and deep pages).
import autocannon from 'autocannon';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { SORT_ORDERS } from '../server/storage/content-queries.ts';
import { openDatabase } from '../server/storage/engine.ts';
import { DEMO_SITE } from '../server/seed.ts';
import { startServer } from '../test/support/serve.mjs';
import { seedLargeContainer } from './seed.ts';

export interface ListLoad { requestsPerSecond: number; p50: number; p99: number; errors: number }

export async function measureCommentsList(url: string, seconds = 5, connections = 10): Promise<ListLoad> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export const LARGE_CONTAINER = 100_000;
type Row = [string, string, string];
type Engine = { name: 'SQLite'; env: Record<string, string> } | { name: 'PostgreSQL'; env: Record<string, string>; url: string };

/**
 * One server per engine with a 100,000-comment container; for each sort order, one reader at a
 * time (latency, not throughput) asks for the first page and for a deep page (continuing after
 * the comment in the middle of the container by date).
 */
async function largeContainerRows(engine: Engine, seconds: number): Promise<Row[]> {
  const server = await startServer({ env: engine.env });
  const rows: Row[] = [];
  try {
    const db = openDatabase(engine.name === 'SQLite' ? { engine: 'sqlite', file: `${server.dataDir}/vf.sqlite` } : { engine: 'postgres', url: engine.url });
    let containerUuid: string;
    let middle: string;
    try {
      containerUuid = await seedLargeContainer(db, DEMO_SITE.uuid, LARGE_CONTAINER);
      const row = await db
        .selectFrom('contents')
        .select('uuid')
        .where('container_uuid', '=', containerUuid)
        .where('parent_uuid', 'is', null)
        .orderBy('date_created')
        .offset(LARGE_CONTAINER / 2)
        .limit(1)
        .executeTakeFirstOrThrow();
      middle = row.uuid;
    } finally {
      await db.destroy();
    }
    const base = `${server.origin}/api/comments/${DEMO_SITE.uuid}/${containerUuid}/comments?limit=10&reply_limit=2`;
    for (const sort of SORT_ORDERS) {
      const first = await measureCommentsList(`${base}&sorted_by=${sort}`, seconds, 1);
      const deep = await measureCommentsList(`${base}&sorted_by=${sort}&starting_from=${middle}`, seconds, 1);
      rows.push([
        `  ${sort}: first / deep page p50, p99`,
        `${first.p50} / ${first.p99} ms, ${deep.p50} / ${deep.p99} ms`,
        first.errors + deep.errors > 0 ? `${first.errors + deep.errors} errors` : 'p99 ≤ 10 ms',
      ]);
    }
  } finally {
    await server.stop();
  }
  return [[`comments list, ${LARGE_CONTAINER.toLocaleString('en')} comments in the container (${engine.name}, 1 connection)`, '', ''], ...rows];
}

/** SQLite always; PostgreSQL too when DATABASE_URL is set (a throw-away database on it). */
export async function largeContainerTable(seconds = 2): Promise<Row[]> {
  const rows = await largeContainerRows({ name: 'SQLite', env: {} }, seconds);
  const adminUrl = process.env['DATABASE_URL'];
  if (!adminUrl) return rows;
  const name = `vf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    rows.push(...(await largeContainerRows({ name: 'PostgreSQL', env: { DATABASE_URL: url.toString() }, url: url.toString() }, seconds)));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}
