// Starts the real vf server (server/main.ts) as a child process for the browser tests:
// a free port on 127.0.0.1, a fresh data directory, ready once GET /healthz answers.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vf server exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`vf server did not answer ${origin}/healthz within ${timeoutMs} ms`);
}

/** @returns {Promise<{ origin: string, stop(): Promise<void> }>} */
export async function startVfServer({ cwd, timeoutMs = 60_000 }) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'vf-wtr-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', VF_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForHealth(origin, child, timeoutMs);
  } catch (error) {
    child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`${error.message}\n--- server output ---\n${output}`);
  }
  return {
    origin,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(child.pid, 'SIGTERM');
        const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
