/**
 * One built vf process of `npm run cluster`, kept running as systemd keeps each of
 * deploy/systemd/vf@.service's (Restart=always, RestartSec=1): whenever it exits — a SIGTERM
 * for a rolling restart, a kill -9, a crash — it is started again on the same port, and
 * `onStart` hears its new pid. Its output goes to `<dir>/vf-<n>.log`. All processes share one data
 * folder, `<dir>/data`, as deploy/systemd/vf@.service's do: the token secret generated there is
 * the same for all (a login on one is valid on the others), and so are uploaded pictures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { untilAnswers } from './nginx.ts';
import { PRODUCTION_ENV, PRODUCTION_FLAGS } from './serveCommand.mjs';
import { stopChild } from './services.ts';

export const BUILT_SERVER = resolve(fileURLToPath(new URL('../../dist/server/main.js', import.meta.url)));
/** systemd's RestartSec in deploy/systemd/vf@.service. */
const RESTART_DELAY_MS = 1000;
const READY_TIMEOUT_MS = 60_000;

export class VfProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  readonly log: string;
  private readonly dataDir: string;

  constructor(
    readonly index: number,
    readonly port: number,
    private readonly env: Record<string, string>,
    dir: string,
    private readonly onStart: () => void,
  ) {
    this.log = join(dir, `vf-${index}.log`);
    this.dataDir = join(dir, 'data');
    mkdirSync(this.dataDir, { recursive: true });
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  /** Starts the process and resolves once its /readyz answers 200. */
  async start(): Promise<void> {
    if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`npm run build\` first`);
    const output = createWriteStream(this.log, { flags: 'a' });
    const child = spawn(process.execPath, [...PRODUCTION_FLAGS, BUILT_SERVER], {
      env: { ...process.env, ...PRODUCTION_ENV, ...this.env, HOST: '127.0.0.1', PORT: String(this.port), VF_DATA_DIR: this.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(output, { end: false });
    child.stderr!.pipe(output, { end: false });
    this.child = child;
    child.once('exit', () => {
      output.end();
      if (this.stopping) return;
      setTimeout(() => {
        if (!this.stopping) this.start().catch((error: unknown) => console.error(`vf process ${this.index}: ${(error as Error).message}`));
      }, RESTART_DELAY_MS);
    });
    if (!(await untilAnswers(`http://127.0.0.1:${this.port}/readyz`, child, READY_TIMEOUT_MS, 100))) {
      throw new Error(`vf process ${this.index} (port ${this.port}) did not become ready: see ${this.log}`);
    }
    this.onStart();
  }

  /** Stops it for good (SIGTERM: it drains), and waits for its exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child) await stopChild(this.child);
  }
}
