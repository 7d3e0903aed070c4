/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs about as much as running
 * a small query. This keeps the prepared statements by their SQL text (values are parameters, so
 * the texts repeat), bounded: the oldest goes when the cache is full. A statement still being
 * iterated (busy) is not shared; the caller gets a fresh one.
 */
import type Sqlite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export const MAX_CACHED_STATEMENTS = 500;
/**
 * Longer SQL is not kept: a bulk statement (a many-row insert, a long `in (…)` list) has a text per
 * row count, seldom runs twice, costs little to prepare next to running it, and holds hundreds of
 * KB prepared: 500 of them were most of a digest run's memory (bench/digest-mail.ts).
 */
export const MAX_CACHED_SQL_LENGTH = 4096;

export function cachingStatements(db: Sqlite.Database, max = MAX_CACHED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, Sqlite.Statement>();
  return {
    prepare(sql) {
      if (sql.length > MAX_CACHED_SQL_LENGTH) return db.prepare(sql);
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = db.prepare(sql);
      if (cached) return statement;
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      db.close();
    },
  };
}
