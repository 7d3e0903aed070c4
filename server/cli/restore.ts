/**
 * `npm run admin -- restore <file> [--yes]` (docs/production.md "Backups and restores"), run with
 * the server stopped: puts a file written by `backup` (backup.ts) in place of the server's
 * database, after a confirmation (typed, or the first line of stdin) unless `--yes`. The file is
 * checked before anything is touched: a file of the other engine, a missing or garbage one, or a
 * SQLite copy failing its integrity check is refused and the database stays as it was.
 * SQLite: the file is copied beside the database, checked there, and renamed over it (the old
 * database intact until that rename). PostgreSQL: `pg_restore --clean --if-exists --no-owner
 * --single-transaction` (all or nothing). Then the migrations run (an older backup is brought up
 * to date) and a check prints: the newest migration against this version's, rows per core table.
 */
import type Sqlite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type * as Pg from 'pg';
import { loadConfig } from '../config.ts';
import { loadPackage } from '../lazyPackage.ts';
import { migrateToLatest, openDatabase } from '../storage/engine.ts';
import { migrationProvider } from '../storage/migrations/index.ts';
import type { Database } from '../storage/schema.ts';
import { checkSqlite, dumpTables, ENGINE_NAMES, engineOfFile, pgConnection, readFileArguments, runPgTool, sqliteTables } from './backup.ts';
import { Refusal, runTool } from './command.ts';
import { confirm } from './confirm.ts';

const USAGE = 'usage: npm run admin -- restore <file> [--yes]';
/** The tables whose rows the check counts after a restore. */
const CORE_TABLES = ['sites', 'users', 'containers', 'contents', 'events'] as const;

async function confirmed(yes: boolean, target: string, file: string): Promise<void> {
  if (yes || (await confirm(`Replace the database ${target} with the backup ${file}? What was written since that backup is lost. Type yes to restore: `))) return;
  throw new Refusal('Not confirmed; nothing changed.');
}

/**
 * Closes the old database cleanly (the last connection to close folds its -wal into the file and
 * removes it, so no log of the old database can later be replayed onto the restored one). A -wal
 * left after that means another process holds the database open: the server is running.
 */
function quiesceSqlite(Database: typeof Sqlite, target: string): void {
  if (!existsSync(target)) return;
  try {
    const old = new Database(target, { fileMustExist: true });
    old.pragma('wal_checkpoint(TRUNCATE)'); // a connection that never read leaves the -wal on close
    old.close();
  } catch {
    return; // an unreadable old database: the restore replaces it, and its -wal/-shm go with it
  }
  if (existsSync(`${target}-wal`)) throw new Refusal(`${target} is in use by another process: stop the server first; nothing changed.`);
}

async function restoreSqlite(file: string, target: string, yes: boolean): Promise<void> {
  const Database = loadPackage<typeof Sqlite>('better-sqlite3');
  // Beside the database: the rename over it is then atomic (same file system).
  const temp = join(dirname(target), `.${basename(target)}.restoring-${process.pid}`);
  try {
    copyFileSync(file, temp);
    const copy = new Database(temp, { fileMustExist: true });
    try {
      checkSqlite(copy, `The backup ${file}`);
      const vf = copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
      if (!vf) throw new Refusal(`${file} is a SQLite database but not a vf one (no kysely_migration table); nothing changed.`);
      copy.pragma('journal_mode = DELETE'); // the copy holds everything in its one file
      console.log(`The backup ${file}: integrity check ok, foreign key check ok, ${sqliteTables(copy)} tables.`);
    } finally {
      copy.close();
    }
    quiesceSqlite(Database, target);
    await confirmed(yes, target, file);
    quiesceSqlite(Database, target); // again: the server may have started while we asked
    rmSync(`${target}-wal`, { force: true });
    rmSync(`${target}-shm`, { force: true });
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Tables the database has and the dump has not (a newer version's) are dropped first: the
 * migrations that made them run again after the restore, and would find them in the way.
 */
async function dropTablesNotIn(url: string, keep: string[]): Promise<string[]> {
  const pg = loadPackage<typeof Pg>('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema()');
    const extra = rows.map((r) => r.tablename).filter((name) => !keep.includes(name));
    if (extra.length) await client.query(`DROP TABLE IF EXISTS ${extra.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ')} CASCADE`);
    return extra;
  } finally {
    await client.end();
  }
}

async function restorePostgres(file: string, url: string, yes: boolean): Promise<void> {
  const tables = dumpTables(file); // reads the whole table of contents: a truncated file is refused here
  if (!tables.includes('kysely_migration')) throw new Refusal(`${file} is a pg_dump file but not of a vf database (no kysely_migration table); nothing changed.`);
  console.log(`The backup ${file}: a pg_dump custom-format file, ${tables.length} tables.`);
  const { dbname, env } = pgConnection(url);
  await confirmed(yes, basename(new URL(url).pathname) || 'DATABASE_URL', file);
  const dropped = await dropTablesNotIn(url, tables);
  if (dropped.length) console.log(`Dropped tables the backup does not have (a newer version's; the migrations make them again): ${dropped.join(', ')}`);
  runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--no-password', `--dbname=${dbname}`, file], env);
}

/** The migrations, then the check: newest migration as this version's, SQLite's integrity check, rows per core table. */
async function bringUpToDate(db: Kysely<Database>, engine: 'sqlite' | 'postgres'): Promise<void> {
  await migrateToLatest(db);
  const newest = Object.keys(await migrationProvider.getMigrations()).sort().at(-1);
  const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  const restored = applied.rows[0]?.name;
  if (restored !== newest) throw new Refusal(`after the migrations the newest applied is ${restored ?? 'none'}, this version's is ${newest}`);
  if (engine === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db);
    if (integrity.rows.map((r) => r.integrity_check).join() !== 'ok') throw new Refusal('the restored database fails the integrity check');
  }
  const counts: string[] = [];
  for (const table of CORE_TABLES) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    counts.push(`${table} ${Number(row.n)}`);
  }
  console.log(`Migrations: newest ${restored}, as this version's.${engine === 'sqlite' ? ' Integrity check ok.' : ''}\nRows: ${counts.join(', ')}`);
}

/** Runs the command on `args`; answers the exit code. */
export function run(args: string[]): Promise<number> {
  return runTool('admin restore', async () => {
    const { file, flagged: yes } = readFileArguments(args, 'yes', USAGE);
    const config = loadConfig();
    const engine = engineOfFile(file);
    if (!engine) throw new Refusal(`${file} is not a vf backup (neither a SQLite database nor a pg_dump custom-format file); nothing changed.`);
    const target = config.database.engine;
    if (engine !== target) {
      const where = target === 'sqlite' ? 'SQLite (DATABASE_URL is not set)' : 'PostgreSQL (DATABASE_URL)';
      throw new Refusal(`${file} is a ${ENGINE_NAMES[engine]} backup; this server's database is ${where}; nothing changed.`);
    }
    if (config.database.engine === 'sqlite') await restoreSqlite(file, config.database.file, yes);
    else await restorePostgres(file, config.database.url, yes);
    console.log(`Restored ${file}.`);
    const db = openDatabase(config.database);
    try {
      await bringUpToDate(db, target);
    } finally {
      await db.destroy();
    }
  });
}
