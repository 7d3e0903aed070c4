/**
 * `npm run cluster -- --port P --processes N [--data DIR]` (docs/production.md "The production
 * shape on one machine"): throw-away PostgreSQL and Redis, N built vf processes on them in
 * production mode (VF_DEMO=0, VF_TRUST_PROXY naming nginx), each kept running as systemd would,
 * and nginx in front on 127.0.0.1:P with deploy/nginx's rules. Writes `<DIR>/cluster.json` once
 * everything answers (again whenever a process restarts) and stops everything on SIGINT/SIGTERM.
 */
import { chmodSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx, type NginxService } from './nginx.ts';
import { freePort } from './ports.mjs';
import { VfProcess } from './processes.ts';
import { createDatabase, startPostgres, startRedis, type PostgresService, type RedisService } from './services.ts';

const USAGE = 'usage: npm run cluster -- [--port P (8080)] [--processes N (3)] [--data DIR (a new temporary folder)]';

function options() {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8080' }, processes: { type: 'string', default: '3' }, data: { type: 'string' } } });
  const port = Number(values.port);
  const processes = Number(values.processes);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a TCP port, got "${values.port}"`);
  if (!Number.isInteger(processes) || processes < 1 || processes > 32) throw new Error(`--processes must be 1 to 32, got "${values.processes}"`);
  const dir = values.data ? resolve(values.data) : mkdtempSync(join(tmpdir(), 'vf-cluster-'));
  mkdirSync(dir, { recursive: true });
  // Run as root, PostgreSQL runs as the postgres user, which must reach its folder inside.
  chmodSync(dir, 0o755);
  return { port, processes, dir };
}

async function main(): Promise<void> {
  let settings: ReturnType<typeof options>;
  try {
    settings = options();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const { port, processes: count, dir } = settings;
  console.log(`vf cluster: data in ${dir}`);
  let postgres: PostgresService | null = null;
  let redis: RedisService | null = null;
  let nginx: NginxService | null = null;
  const processes: VfProcess[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    await nginx?.stop();
    await Promise.all(processes.map((vf) => vf.stop()));
    await redis?.stop();
    postgres?.stop();
  };
  const onSignal = () => {
    if (stopping) return;
    console.log('vf cluster: stopping');
    stopAll().then(() => process.exit(0), (error: unknown) => {
      console.error('vf cluster: stopping failed:', error);
      process.exit(1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const writeState = () => {
    if (!nginx || !postgres || !redis || stopping) return;
    const state = {
      processes: processes.map((vf) => ({ pid: vf.pid, port: vf.port, log: vf.log })),
      nginx: { pid: nginx.pid, port: nginx.port },
      postgres: { pid: postgres.pid(), port: postgres.port, dir: postgres.dir, url: databaseUrl },
      redis: { pid: redis.pid, port: redis.port, url: redis.url },
    };
    writeFileSync(join(dir, 'cluster.json.partial'), `${JSON.stringify(state, null, 2)}\n`);
    renameSync(join(dir, 'cluster.json.partial'), join(dir, 'cluster.json'));
  };

  let databaseUrl = '';
  try {
    postgres = startPostgres(join(dir, 'postgres'), await freePort());
    databaseUrl = await createDatabase(postgres.url, 'vf'); // the vf processes' own, apart from the `postgres` one
    redis = await startRedis();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      VF_DEMO: '0',
      VF_TRUST_PROXY: '127.0.0.1',
      VF_PUBLIC_URL: `http://127.0.0.1:${port}`,
    };
    for (let n = 0; n < count; n++) processes.push(new VfProcess(n + 1, await freePort(), env, dir, writeState));
    // The first runs the migrations and makes the data folder's token secret alone; the others start together.
    await processes[0]!.start();
    await Promise.all(processes.slice(1).map((vf) => vf.start()));
    nginx = await startNginx({ dir: join(dir, 'nginx'), port, upstreams: processes.map((vf) => vf.port), workerConnections: 16_384 });
    writeState();
  } catch (error) {
    console.error(`vf cluster: ${(error as Error).message}`);
    await stopAll();
    process.exit(1);
  }
  const origin = `http://127.0.0.1:${port}`;
  console.log([
    `vf cluster: ${count} processes behind nginx at ${origin}/ (state: ${join(dir, 'cluster.json')})`,
    ...processes.map((vf) => `  process ${vf.index}: pid ${vf.pid}, port ${vf.port}, log ${vf.log}`),
    `  PostgreSQL ${databaseUrl}, Redis ${redis!.url}`,
    'First admin of the demo site (production mode has no demo accounts):',
    `  DATABASE_URL=${databaseUrl} npm run admin -- --email you@example.com --site 127.0.0.1`,
    `Demo pages through the proxy: ${origin}/demo/`,
    'Ctrl-C stops everything.',
  ].join('\n'));
}

await main();
