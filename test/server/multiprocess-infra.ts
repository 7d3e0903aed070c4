/**
 * Throw-away Redis and PostgreSQL on loopback for the multi-process tests and the fan-out bench
 * (started by scripts/cluster/services.ts, as `npm run cluster` starts them). Missing binaries are
 * an error, never a skip.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/cluster/ports.mjs';
import { createDatabase, startPostgres as startPostgresCluster, startRedis as startRedisService } from '../../scripts/cluster/services.ts';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/** A redis-server on a free loopback port (or on `port`, to restart one). */
export const startRedis = startRedisService;

/** A fresh database: inside DATABASE_URL's server when set, else in a new throw-away cluster. */
export async function startPostgres(): Promise<Service> {
  const adminUrl = process.env['DATABASE_URL'];
  if (adminUrl) return freshDatabase(adminUrl, async () => {});
  const dir = mkdtempSync(join(tmpdir(), 'vf-pg-'));
  const cluster = startPostgresCluster(dir, await freePort());
  const stopCluster = async () => {
    try {
      cluster.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return freshDatabase(cluster.url, stopCluster);
}

async function freshDatabase(adminUrl: string, after: () => Promise<void>): Promise<Service> {
  const name = `vf_mp_${randomBytes(6).toString('hex')}`;
  return {
    url: await createDatabase(adminUrl, name),
    async stop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await after();
    },
  };
}
