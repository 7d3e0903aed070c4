/**
 * Checkpoints of SQLite's write-ahead log in a worker thread while the server is writing.
 * better-sqlite3 is synchronous: SQLite's own automatic checkpoint runs inside the COMMIT that
 * crosses 1,000 pages of log, copies them into the database file and syncs it, and the whole
 * server waits (about 12 ms on the test machine, 1 commit in 10 when posting at full speed:
 * docs/performance.md "Posting under load"). Here a second connection, in its own thread, copies
 * the log into the database as it grows (PASSIVE: it never blocks the writer, and each COMMIT
 * still syncs the log, so durability is unchanged); the server's own automatic checkpoint stays
 * as a backstop at CHECKPOINT_BACKSTOP_PAGES, finding the log copied but for its last frames.
 *
 * Commits made while a checkpoint runs, or fewer than COMMITS_PER_CHECKPOINT at a burst's end, are
 * copied TRAILING_MS later: a burst ends with its log in the database file, however slowly the
 * thread started or ran (a loaded machine), not left for the next burst.
 *
 * The thread starts with the first burst of writes once the server listens (`resume`: not for the
 * start's migrations and seed) and stops after IDLE_MS without one, so an idle server does not
 * carry it (docs/server.md "Memory and start time").
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Sqlite from 'better-sqlite3';
import { type Driver, type SqliteDatabase, SqliteDialect, SqliteDriver } from 'kysely';

/** Commits between two checkpoints by the thread (a comment's commit writes about 20 pages). */
export const COMMITS_PER_CHECKPOINT = 10;
/** The server's own automatic checkpoint, in pages of log (SQLite's default is 1,000). */
export const CHECKPOINT_BACKSTOP_PAGES = 10_000;
const IDLE_MS = 30_000;
/** After a burst, or a checkpoint that commits overtook, the rest of the log is copied this much later. */
const TRAILING_MS = 250;

// CommonJS, evaluated in the worker: a second connection that checkpoints when told to, and
// closes when told to stop.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const db = new (require(workerData.driver))(workerData.file);
db.pragma('busy_timeout = 1000');
parentPort.on('message', (message) => {
  if (message === 'stop') { db.close(); parentPort.close(); return; }
  let error = null;
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (e) { error = String(e && e.message || e); }
  parentPort.postMessage(error);
});
`;

export class Checkpointer {
  private worker: Worker | null = null;
  private commits = 0;
  private running = false;
  private idle: NodeJS.Timeout | null = null;
  private trailing: NodeJS.Timeout | null = null;
  private paused = true;

  constructor(
    private readonly file: string,
    private readonly onError: (message: string) => void = (message) => process.emitWarning(`SQLite checkpoint thread: ${message}`),
  ) {}

  /** From now on, commits start the thread. */
  resume(): void {
    this.paused = false;
  }

  /** Called after each COMMIT: every COMMITS_PER_CHECKPOINT, the thread copies the log (unless it still is). */
  committed(): void {
    if (this.paused) return;
    this.commits++;
    if (this.running) return; // copied after the running checkpoint (copied())
    if (this.commits >= COMMITS_PER_CHECKPOINT) this.checkpoint();
    else this.trail();
  }

  private checkpoint(): void {
    this.commits = 0;
    this.running = true;
    if (this.trailing) clearTimeout(this.trailing);
    this.trailing = null;
    (this.worker ??= this.start()).postMessage('checkpoint');
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.stop(), IDLE_MS);
    this.idle.unref();
  }

  /** Copies the commits not yet copied once TRAILING_MS pass without a checkpoint. */
  private trail(): void {
    if (this.trailing) return;
    this.trailing = setTimeout(() => {
      this.trailing = null;
      if (this.commits > 0 && !this.running) this.checkpoint();
    }, TRAILING_MS);
    this.trailing.unref();
  }

  private copied(error: string | null): void {
    this.running = false;
    if (error) this.onError(error);
    if (this.commits > 0) this.trail();
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: this.file } });
    worker.unref();
    worker.on('message', (error: string | null) => {
      if (this.worker === worker) this.copied(error);
    });
    worker.on('error', (error) => {
      this.onError(error.message);
      if (this.worker !== worker) return;
      this.running = false;
      this.worker = null; // the next burst starts another
    });
    return worker;
  }

  /** Stops the thread (it starts again with the next writes). */
  async stop(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    if (this.trailing) clearTimeout(this.trailing);
    this.idle = null;
    this.trailing = null;
    const worker = this.worker;
    this.worker = null;
    this.running = false;
    this.commits = 0;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.ref(); // the process waits for the thread's connection to close
    worker.postMessage('stop'); // after the checkpoint it may be running
    await exited;
  }
}

/** Kysely's SQLite driver that stops the checkpoint thread before the connection closes. */
class CheckpointingDriver extends SqliteDriver {
  constructor(database: SqliteDatabase, private readonly checkpointer: Checkpointer) {
    super({ database });
  }

  override async destroy(): Promise<void> {
    await this.checkpointer.stop();
    await super.destroy();
  }
}

class CheckpointingDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase, private readonly checkpointer: Checkpointer) {
    super({ database });
  }

  override createDriver(): Driver {
    return new CheckpointingDriver(this.database, this.checkpointer);
  }
}

/**
 * Kysely's dialect over `statements` (the statement cache of `sqlite`), its commits counted for a
 * checkpoint thread. A database without a log (in memory) keeps SQLite's own checkpoints.
 */
export function checkpointingDialect(sqlite: Sqlite.Database, statements: SqliteDatabase, onError?: (message: string) => void): { dialect: SqliteDialect; checkpointer: Checkpointer | null } {
  if (sqlite.memory || String(sqlite.pragma('journal_mode', { simple: true })) !== 'wal') return { dialect: new SqliteDialect({ database: statements }), checkpointer: null };
  sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_BACKSTOP_PAGES}`);
  const checkpointer = new Checkpointer(sqlite.name, onError);
  const database: SqliteDatabase = {
    prepare(sql) {
      if (sql === 'commit') checkpointer.committed(); // Kysely's COMMIT, prepared as it runs
      return statements.prepare(sql);
    },
    close: () => statements.close(),
  };
  return { dialect: new CheckpointingDialect(database, checkpointer), checkpointer };
}
