/**
 * `npm run admin -- backup <file> [--force]` (docs/production.md "Backups and restores"): a copy of
 * the server's database taken while it runs and writes. SQLite: SQLite's online backup from a
 * connection of its own, in one step (one read transaction: a consistent snapshot that the
 * server's commits cannot restart), then checked (integrity_check, foreign_key_check).
 * PostgreSQL: `pg_dump --format=custom` (a consistent snapshot). Written to `<file>.partial`,
 * renamed when complete, readable by its owner only. Also what restore.ts shares: the arguments, which engine a file came from, finding pg_dump/pg_restore and their connection.
 */
import type Sqlite from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { loadPackage } from '../lazyPackage.ts';
import { parseCommandLine, Refusal, runTool } from './command.ts';
import { installedPostgresTool, isExecutable } from './postgresTools.ts';

const USAGE = 'usage: npm run admin -- backup <file> [--force]';

export type Engine = 'sqlite' | 'postgres';
export const ENGINE_NAMES: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The engine a backup file came from, by its first bytes (SQLite's file header, pg_dump's custom format "PGDMP"); null: neither. */
export function engineOfFile(file: string): Engine | null {
  if (!existsSync(file)) throw new Refusal(`There is no file ${file}; nothing changed.`);
  if (!statSync(file).isFile()) throw new Refusal(`${file} is not a file; nothing changed.`);
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

/** pg_dump or pg_restore: on PATH, else the newest /usr/lib/postgresql/<version>/bin. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  // The shell's own lookup on PATH.
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath && isExecutable(onPath)) return onPath;
  const installed = installedPostgresTool(name);
  if (installed) return installed;
  throw new Refusal(`${name} was not found on PATH nor in /usr/lib/postgresql/*/bin: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's version or newer.`);
}

/** The tools' connection: the URL without its password (command lines are visible to every user), the password in PGPASSWORD. */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool; a failure is a refusal quoting the tool's first line of error (the cause; hints follow it). */
export function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(pgTool(name), args, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Refusal(`${name} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    const first = result.stderr.split('\n').find((line) => line.trim())?.replace(/^\S+: error: /, '');
    throw new Refusal(`${name} failed: ${first ?? `exit code ${result.status}`}`);
  }
  return result.stdout;
}

/** The tables a custom-format dump holds, from its table of contents (`pg_restore --list`). */
export function dumpTables(file: string): string[] {
  const list = runPgTool('pg_restore', ['--list', file], process.env);
  return [...list.matchAll(/^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /gm)].map((m) => m[2]!);
}

/** integrity_check and foreign_key_check on an open SQLite database; a refusal naming the first problems. */
export function checkSqlite(db: Sqlite.Database, what: string): void {
  const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
  if (integrity.join() !== 'ok') throw new Refusal(`${what} fails SQLite's integrity check: ${integrity.slice(0, 3).join('; ')}`);
  const orphans = db.pragma('foreign_key_check') as { table: string }[];
  if (orphans.length) throw new Refusal(`${what} fails SQLite's foreign key check: ${orphans.length} row(s), first in table ${orphans[0]!.table}`);
}

export const sqliteTables = (db: Sqlite.Database): number =>
  (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").get() as { n: number }).n;

const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function fsyncFile(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function backupSqlite(source: string, partial: string): Promise<number> {
  if (!existsSync(source)) throw new Refusal(`There is no database at ${source} (VF_DATA_DIR); nothing to back up.`);
  const Database = loadPackage<typeof Sqlite>('better-sqlite3');
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // All pages in one step: one read transaction, so the server's commits meanwhile cannot make
    // SQLite restart the copy (it restarts a step-by-step backup whenever another connection writes).
    await db.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  const copy = new Database(partial, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE'); // one self-contained file, without -wal/-shm beside it
    checkSqlite(copy, 'The copy');
    return sqliteTables(copy);
  } finally {
    copy.close();
  }
}

function backupPostgres(databaseUrl: string, partial: string): number {
  const { dbname, env } = pgConnection(databaseUrl);
  runPgTool('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`], env);
  const tables = dumpTables(partial); // reads the whole table of contents: a truncated file fails here
  if (!tables.includes('kysely_migration')) throw new Refusal('The dump holds no kysely_migration table: is DATABASE_URL the vf database?');
  return tables.length;
}

/** `<file> [--<flag>]`, as backup and restore take them: the file's absolute path and whether the flag is given; a usage refusal (exit code 2) otherwise. */
export function readFileArguments(args: string[], flag: string, usage: string): { file: string; flagged: boolean } {
  const parsed = parseCommandLine({ args, allowPositionals: true, options: { [flag]: { type: 'boolean' } } }, usage);
  if (parsed.positionals.length !== 1 || !parsed.positionals[0]!.trim()) throw new Refusal(`name one backup file\n${usage}`, 2);
  return { file: resolve(parsed.positionals[0]!.trim()), flagged: parsed.values[flag] === true };
}

/** Runs the command on `args`; answers the exit code. */
export function run(args: string[]): Promise<number> {
  return runTool('admin backup', async () => {
    const { file, flagged: force } = readFileArguments(args, 'force', USAGE);
    const config = loadConfig();
    if (!existsSync(dirname(file))) throw new Refusal(`The folder ${dirname(file)} does not exist.`);
    if (existsSync(file) && !force) throw new Refusal(`${file} exists: name another file, or add --force to replace it.`);
    const partial = `${file}.partial`;
    rmSync(partial, { force: true });
    const started = Date.now();
    try {
      const tables = config.database.engine === 'sqlite' ? await backupSqlite(config.database.file, partial) : backupPostgres(config.database.url, partial);
      chmodSync(partial, 0o600); // the database holds readers' emails and password hashes
      fsyncFile(partial);
      renameSync(partial, file); // complete or absent under its final name, never half written
      const engine = ENGINE_NAMES[config.database.engine];
      console.log(`Backup written: ${file}\n  ${engine}, ${mebibytes(statSync(file).size)}, ${tables} tables, ${Date.now() - started} ms${config.database.engine === 'sqlite' ? '; integrity check ok, foreign key check ok' : ''}`);
    } finally {
      rmSync(partial, { force: true });
    }
  });
}
