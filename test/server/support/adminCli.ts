/**
 * What the admin command tests share: `runAdminCli` spawns `npm run admin -- …args` as an
 * operator runs it; `useAdminCliServer()` starts a real server for the file (on a fresh
 * PostgreSQL database when VF_TEST_STORE=postgres) whose database the commands then work on, with
 * a JSON `api()` to check what they did through HTTP.
 */
import { spawn } from 'node:child_process';
import { after, before } from 'node:test';
import { startServer, type RunningServer } from '../../support/serve.mjs';
import { freshPostgres, usingPostgres } from '../helpers.ts';

const ROOT = new URL('../../..', import.meta.url).pathname;

export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …args`: `env` on top of the test's, `stdin` piped in; its exit code and output. */
export function runAdminCli(args: string[], env: Record<string, string>, stdin = ''): Promise<AdminRun> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export interface AdminCliServer {
  /** Set once the file's `before` hook ran. */
  server: RunningServer;
  /** The server's PostgreSQL database ('' on SQLite: its data folder holds the database). */
  databaseUrl: string;
  /** Run last-in first-out after the file's tests: add the file's own (temporary folders, databases). */
  cleanups: (() => Promise<void>)[];
  /** `npm run admin -- …args` on the server's database (and with its environment), `env` on top. */
  runAdmin(args: string[], stdin?: string, env?: Record<string, string>): Promise<AdminRun>;
  /** One JSON call to the server: its status and the envelope's `result`. */
  api<T>(method: string, path: string, body?: object, token?: string): Promise<{ status: number; result: T }>;
}

/** Call at the top of a test file: the server starts before its tests and stops after them. `serverEnv`: e.g. VF_DEMO=0. */
export function useAdminCliServer(serverEnv: Record<string, string> = {}): AdminCliServer {
  const context: AdminCliServer = {
    server: undefined as unknown as RunningServer,
    databaseUrl: '',
    cleanups: [],
    runAdmin: (args, stdin = '', env = {}) =>
      runAdminCli(args, { ...serverEnv, VF_DATA_DIR: context.server.dataDir, DATABASE_URL: context.databaseUrl, ...env }, stdin),
    async api<T>(method: string, path: string, body?: object, token?: string) {
      const response = await fetch(`${context.server.origin}${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, result: ((await response.json()) as { result: T }).result };
    },
  };
  before(async () => {
    if (usingPostgres) context.databaseUrl = await freshPostgres(context.cleanups);
    context.server = await startServer({ env: { ...serverEnv, DATABASE_URL: context.databaseUrl } });
    context.cleanups.push(() => context.server.stop());
  });
  after(async () => {
    for (const cleanup of context.cleanups.reverse()) await cleanup();
  });
  return context;
}
