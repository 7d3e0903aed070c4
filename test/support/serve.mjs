// Starts the real vf server (`server/main.ts` through tsx, or with `built` the production build
// `dist/server/main.js` that `npm start` runs) as a child process on a free port (loopback unless
// `host` says otherwise) with a fresh data folder, waits until it answers, and stops it by pid.
// Used by e2e, browser tests, bench.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/cluster/ports.mjs';
import { PRODUCTION_ENV, PRODUCTION_FLAGS } from '../../scripts/cluster/serveCommand.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

export { freePort };

/**
 * What every test server runs with (and `npm run cluster`'s processes under test: test/cluster,
 * bench/cluster-load.ts). Every test reader signs up and logs in from 127.0.0.1, the moderators of
 * a run many times: the auth limits are off here (test/server covers them). Tests post many
 * comments at once: the posting limit (docs/server.md) is off too. Every browser test's guest sends
 * its notices of illegal content from 127.0.0.1 too. Every test reader's password is hashed at the
 * lowest cost (docs/server.md VF_PASSWORD_COST).
 */
export const TEST_SERVER_ENV = {
  VF_AUTH_LIMIT_PER_IP: '0',
  VF_AUTH_LIMIT_PER_EMAIL: '0',
  VF_POST_LIMIT: '0',
  VF_NOTICE_LIMIT: '0',
  VF_PASSWORD_COST: '10',
};

/** @returns {Promise<{ origin: string, dataDir: string, pid: number, output: () => string, stop: () => Promise<void> }>} */
/**
 * `built` defaults to VF_TEST_BUILT_SERVER=1: `npm test` builds the server before its browser and
 * end-to-end layers and runs them against that build (what `npm start` runs, and each start skips
 * tsx compiling the server again); a single file run by hand uses the source unless told.
 */
export async function startServer({ env = {}, host = '127.0.0.1', timeoutMs = 30000, built = process.env.VF_TEST_BUILT_SERVER === '1', port: chosenPort } = {}) {
  const port = chosenPort ?? await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-data-'));
  const child = spawn(process.execPath, built ? [...PRODUCTION_FLAGS, 'dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // SQLite in a fresh folder unless the caller says otherwise: CI's DATABASE_URL is for the
    // server suite, not for these whole-server runs.
    env: {
      ...process.env, ...(built ? PRODUCTION_ENV : {}), PORT: String(port), HOST: host, VF_DATA_DIR: dataDir, LOG_LEVEL: 'warn',
      DATABASE_URL: '', REDIS_URL: '', ...TEST_SERVER_ENV, ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let log = '';
  const keep = (chunk) => { log = (log + chunk).slice(-20000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // A server on every interface (0.0.0.0) is reached through loopback.
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  // A caller that dies before stop() (an uncaught error, a failed assertion outside a hook) must
  // not leave its server running: it goes with this process.
  const killWithParent = () => child.kill('SIGKILL');
  process.once('exit', killWithParent);

  const stop = async () => {
    process.removeListener('exit', killWithParent);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return { origin, dataDir, pid: child.pid, output: () => log, exited, stop };
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`vf server did not start on ${origin}:\n${log}`);
}
