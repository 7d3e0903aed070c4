/**
 * Throw-away Redis and PostgreSQL on loopback for the multi-process tests and the fan-out bench.
 * Each is stopped by the pid it was started with. Missing binaries are an error, never a skip.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../support/serve.mjs';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** A redis-server on a free loopback port (or on `port`, to restart one). */
export async function startRedis(port?: number): Promise<Service & { port: number }> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!binary) throw new Error('redis-server is not installed (apt-get install -y redis-server): the multi-process tests need it');
  port ??= await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 100; i++) {
    if (await redisAnswers(port)) return { url: `redis://127.0.0.1:${port}`, port, stop };
    await sleep(50);
  }
  await stop();
  throw new Error(`redis-server did not answer on port ${port}`);
}

/** A fresh database: inside DATABASE_URL's server when set, else in a new throw-away cluster. */
export async function startPostgres(): Promise<Service> {
  const adminUrl = process.env['DATABASE_URL'];
  if (adminUrl) return freshDatabase(adminUrl, async () => {});
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null;
  if (!bin || !existsSync(join(bin, 'initdb'))) {
    throw new Error('PostgreSQL is not installed (apt-get install -y postgresql) and DATABASE_URL is not set: the multi-process tests need one');
  }
  const dir = mkdtempSync(join(tmpdir(), 'vf-pg-'));
  // initdb refuses to run as root: run the cluster as the postgres user.
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asPostgres.length) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = [...asPostgres, join(bin, command), ...args];
    execFileSync(file!, rest, { stdio: 'pipe' });
  };
  const port = await freePort();
  run('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust']);
  run('pg_ctl', ['-D', dir, '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, '-w', 'start']);
  const stopCluster = async () => {
    try {
      run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return freshDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, stopCluster);
}

async function freshDatabase(adminUrl: string, after: () => Promise<void>): Promise<Service> {
  const name = `vf_mp_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await after();
    },
  };
}
