/**
 * Debian's PostgreSQL and Redis, started throw-away on loopback for `npm run cluster`, the
 * multi-process tests and the fan-out benches. Each is stopped by what started it; a missing
 * binary is an error that says which package to install, never a skip.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { installedPostgresTool } from '../../server/cli/postgresTools.ts';
import { freePort } from './ports.mjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RedisService {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** PING over RESP until it answers PONG. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('*1\r\n$4\r\nPING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}

/** A redis-server without persistence on a free loopback port (or on `port`, to start one again). */
export async function startRedis(chosenPort?: number): Promise<RedisService> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!binary) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = chosenPort ?? await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const stop = () => stopChild(child);
  for (let i = 0; i < 100; i++) {
    if (await redisAnswers(port)) return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid!, stop };
    await sleep(50);
  }
  await stop();
  throw new Error(`redis-server did not answer on port ${port}`);
}

/** SIGTERM, then waits for the exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The newest installed PostgreSQL's bin folder (Debian: /usr/lib/postgresql/<version>/bin). */
export function postgresBin(): string {
  const initdb = installedPostgresTool('initdb');
  if (!initdb) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  return dirname(initdb);
}

export interface PostgresService {
  /** The `postgres` database of the cluster, as its superuser `postgres` (trust on loopback). */
  url: string;
  port: number;
  dir: string;
  /** The postmaster's pid (it changes on restart). */
  pid(): number;
  /** Stops it (fast: sessions are ended). */
  stop(): void;
}

/** Runs as the postgres user when this is root (initdb refuses root). */
const asPostgres = () => (process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : []);

/**
 * The commands ([file, ...args]) that start and stop the PostgreSQL cluster in `dir` on
 * 127.0.0.1:`port`, fsync off (throw-away data): startPostgres runs them, and so does a test that
 * restarts the cluster's PostgreSQL from outside (test/cluster/faults.test.ts).
 */
export function postgresControl(dir: string, port: number, maxConnections = 200): { start: string[]; stop: string[] } {
  const pgCtl = [...asPostgres(), join(postgresBin(), 'pg_ctl'), '-D', dir];
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=${maxConnections}`;
  return { start: [...pgCtl, '-l', join(dir, 'log'), '-o', options, '-w', 'start'], stop: [...pgCtl, '-m', 'fast', '-w', 'stop'] };
}

const run = ([file, ...args]: string[]) => void execFileSync(file!, args, { stdio: 'pipe' });

/** A new PostgreSQL cluster in `dir` (created; owned by the postgres user when run as root), listening on 127.0.0.1:`port` only. */
export function startPostgres(dir: string, port: number, maxConnections = 200): PostgresService {
  const initdb = join(postgresBin(), 'initdb');
  mkdirSync(dir, { recursive: true });
  if (asPostgres().length) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  run([...asPostgres(), initdb, '-D', dir, '-U', 'postgres', '--auth=trust']);
  const control = postgresControl(dir, port, maxConnections);
  run(control.start);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    pid: () => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: () => run(control.stop),
  };
}

/** Creates the database `name` on `adminUrl`'s server; its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
