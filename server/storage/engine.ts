/**
 * Opens the database chosen by the configuration: SQLite (better-sqlite3, WAL checkpointed by
 * a worker thread while busy (checkpointer.ts), foreign keys on) or PostgreSQL (pg Pool). Also runs the migrations.
 */
import type Sqlite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect } from 'kysely';
import type * as Pg from 'pg';
import { loadPackage } from '../lazyPackage.ts';
import type { DatabaseConfig } from '../config.ts';
import { migrationProvider } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { type Checkpointer, checkpointingDialect } from './checkpointer.ts';
import { cachingStatements } from './statementCache.ts';

const INT8_OID = 20;
/** How long a query waits for a PostgreSQL connection before it fails (a 503: databaseUnavailable.ts). */
const CONNECT_TIMEOUT_MS = 5000;

export function openDatabase(config: DatabaseConfig): Kysely<Database> {
  if (config.engine === 'postgres') {
    const pg = loadPackage<typeof Pg>('pg');
    const pool = new pg.Pool({
      connectionString: config.url,
      // While PostgreSQL is down or restarting, a request waits this long for a connection, then
      // gets a 503 with Retry-After (databaseUnavailable.ts) instead of hanging.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // bigint (ms timestamps, count(*)) arrive as strings by default; they fit in a double.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as any,
      },
    });
    // A connection PostgreSQL closes (a restart, a failover) is an 'error' event: on the pool when
    // the connection was idle, on the client itself when a query held it (pg-pool listens only to
    // idle ones). Unheard, either would end the process; the query in flight fails on its own (a
    // 503: databaseUnavailable.ts) and the pool drops that client and opens a new one when asked.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new (loadPackage<typeof Sqlite>('better-sqlite3'))(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const { dialect, checkpointer } = checkpointingDialect(sqlite, cachingStatements(sqlite));
  const db = new Kysely<Database>({ dialect });
  if (checkpointer) checkpointers.set(db, checkpointer);
  return db;
}

const checkpointers = new WeakMap<Kysely<Database>, Checkpointer>();

/** Lets bursts of writes start SQLite's checkpoint thread (checkpointer.ts): once the server listens. */
export function checkpointInBackground(db: Kysely<Database>): void {
  checkpointers.get(db)?.resume();
}

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Brings the schema up to date; throws (and the server does not start) if a migration fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? 'unknown error'}`);
  }
}
