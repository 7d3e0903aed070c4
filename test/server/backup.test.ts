/**
 * `npm run admin -- backup <file>` and `restore <file>` (server/cli/backup.ts, restore.ts;
 * docs/production.md "Backups and restores"), spawned as real processes: a backup taken from a
 * real server while writers post comments through HTTP, restored into a fresh database, holds
 * every comment acknowledged before the backup started and passes the checks; restore refuses a
 * garbage file and a file of the other engine, leaving the database as it was.
 * SQLite by default; PostgreSQL with VF_TEST_STORE=postgres and DATABASE_URL.
 */
import assert from 'node:assert/strict';
import Sqlite from 'better-sqlite3';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { Migrator } from 'kysely';
import pg from 'pg';
import type { AuthResult, Comment, Container } from '../../core/api/types.ts';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { openDatabase } from '../../server/storage/engine.ts';
import { migrationProvider } from '../../server/storage/migrations/index.ts';
import { until } from '../support/until.ts';
import { freshPostgres, usingPostgres } from './helpers.ts';
import { runAdminCli, useAdminCliServer } from './support/adminCli.ts';

const SITE = DEMO_SITE.uuid;
const WRITERS = 4;
const served = useAdminCliServer();
const { api, cleanups, runAdmin } = served; // functions and the cleanups array: safe to take before the server starts
let dir = '';

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'vf-backup-test-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
});

interface Target {
  env: Record<string, string>;
  /** The uuids of the comments in that database. */
  commentIds(): Promise<Set<string>>;
}

/** A fresh, empty database to restore into: a new data folder (SQLite) or a new PostgreSQL database. */
async function freshTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(dir, 'data-'));
  if (!usingPostgres) {
    return {
      env: { VF_DATA_DIR: dataDir, DATABASE_URL: '' },
      async commentIds() {
        const db = new Sqlite(join(dataDir, 'vf.sqlite'), { readonly: true, fileMustExist: true });
        try {
          return new Set((db.prepare("SELECT uuid FROM contents WHERE type = 'comment'").all() as { uuid: string }[]).map((r) => r.uuid));
        } finally {
          db.close();
        }
      },
    };
  }
  const url = await freshPostgres(cleanups);
  return {
    env: { VF_DATA_DIR: dataDir, DATABASE_URL: url },
    async commentIds() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return new Set((await client.query<{ uuid: string }>("SELECT uuid FROM contents WHERE type = 'comment'")).rows.map((r) => r.uuid));
      } finally {
        await client.end();
      }
    },
  };
}

/** Readers posting comments one after another until stopped; each acknowledged comment with the time its answer arrived. */
async function startWriters(count: number) {
  const container = (await api<Container>('GET', `/api/comments/${SITE}/contentcontainer/id?container_id=backup-${Date.now()}`)).result.content_container_uuid;
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `writer${i}.${Date.now()}@example.test`;
    assert.equal((await api('POST', '/api/v2/users', { name: `Writer ${i}`, email, password: 'a writer password', section: SITE })).status, 200);
    tokens.push((await api<AuthResult>('POST', '/api/v2/users/login', { email, password: 'a writer password', section: SITE })).result.access_token);
  }
  const acked: { id: string; at: number }[] = [];
  let stopped = false;
  const loops = tokens.map(async (token, writer) => {
    for (let n = 0; !stopped; n++) {
      const posted = await api<Comment>('POST', `/api/comments/${SITE}/${container}/comments`, { content: `Writer ${writer}, comment ${n}` }, token);
      const at = Date.now();
      assert.equal(posted.status, 200);
      acked.push({ id: posted.result.content_uuid, at });
    }
  });
  return { acked, stop: async () => ((stopped = true), await Promise.all(loops)) };
}

let backupFile = '';
let restored: Target;

test('a backup taken while readers post, restored into a fresh database, holds every comment acknowledged before it started', async (t) => {
  const writers = await startWriters(WRITERS);
  backupFile = join(dir, 'vf.backup');
  let started = 0;
  let finished = 0;
  let run;
  try {
    await until(() => writers.acked.length >= 40, 30_000, 'the writers acknowledged 40 comments', 20);
    started = Date.now();
    run = await runAdmin(['backup', backupFile]);
    finished = Date.now();
  } finally {
    await writers.stop();
  }
  assert.equal(run.code, 0, run.stderr);
  const engine = usingPostgres ? 'PostgreSQL' : 'SQLite';
  assert.match(run.stdout, new RegExp(`Backup written: ${backupFile}\\n  ${engine}, [\\d.]+ MB, \\d+ tables, \\d+ ms`));
  if (!usingPostgres) assert.match(run.stdout, /integrity check ok, foreign key check ok/);
  assert.equal(statSync(backupFile).mode & 0o777, 0o600, 'readable by its owner only');
  assert.ok(!existsSync(`${backupFile}.partial`));
  const before = writers.acked.filter((a) => a.at < started);
  const during = writers.acked.filter((a) => a.at >= started && a.at <= finished);
  assert.ok(during.length > 0, 'the writers were acknowledged while the backup ran');

  restored = await freshTarget();
  const restore = await runAdminCli(['restore', backupFile, '--yes'], restored.env);
  assert.equal(restore.code, 0, restore.stderr);
  assert.match(restore.stdout, /Migrations: newest \d+_\w+, as this version's\./);
  assert.match(restore.stdout, /Rows: sites \d+, users \d+, containers \d+, contents \d+, events \d+/);
  if (!usingPostgres) assert.match(restore.stdout, /integrity check ok, foreign key check ok[\s\S]*Integrity check ok\./);
  const ids = await restored.commentIds();
  assert.deepEqual(before.filter((a) => !ids.has(a.id)), [], 'every comment acknowledged before the backup started is restored');
  t.diagnostic(`${engine}: ${before.length} comments acknowledged before the backup, ${during.length} during the command (${finished - started} ms, spawn included; ${run.stdout.match(/(\d+) ms/)![1]} ms the copy); ${ids.size} in the restored copy; ${statSync(backupFile).size} bytes`);
});

test('restore refuses a garbage file, a missing one and one of the other engine, leaving the database as it was', async () => {
  const count = (await restored.commentIds()).size;
  const garbage = join(dir, 'garbage.backup');
  writeFileSync(garbage, Buffer.from('not a database at all, just some words\n'.repeat(100)));
  const refusedGarbage = await runAdminCli(['restore', garbage, '--yes'], restored.env);
  assert.equal(refusedGarbage.code, 1);
  assert.match(refusedGarbage.stderr, /is not a vf backup \(neither a SQLite database nor a pg_dump custom-format file\); nothing changed\./);

  const missing = await runAdminCli(['restore', join(dir, 'no-such.backup'), '--yes'], restored.env);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /There is no file .*no-such\.backup; nothing changed\./);

  // A file of the other engine: a real SQLite database, or a file that starts as pg_dump's do.
  const other = join(dir, 'other-engine.backup');
  if (usingPostgres) new Sqlite(other).exec('CREATE TABLE kysely_migration (name TEXT)').close();
  else writeFileSync(other, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(200, 1)]));
  const refusedOther = await runAdminCli(['restore', other, '--yes'], restored.env);
  assert.equal(refusedOther.code, 1);
  assert.match(refusedOther.stderr, usingPostgres
    ? /is a SQLite backup; this server's database is PostgreSQL \(DATABASE_URL\); nothing changed\./
    : /is a PostgreSQL backup; this server's database is SQLite \(DATABASE_URL is not set\); nothing changed\./);

  const notConfirmed = await runAdminCli(['restore', backupFile], restored.env, 'no\n');
  assert.equal(notConfirmed.code, 1);
  assert.match(notConfirmed.stderr, /Type yes to restore: [\s\S]*Not confirmed; nothing changed\./);
  assert.equal((await restored.commentIds()).size, count, 'the database is as it was');
});

test('usage errors exit 2; a backup does not overwrite a file unless told to', async () => {
  for (const args of [['backup'], ['restore'], ['backup', 'a', 'b'], ['restore', backupFile, '--now']]) {
    const run = await runAdmin(args);
    assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    assert.match(run.stderr, /usage: npm run admin -- (backup|restore) <file>/);
  }
  const before = readFileSync(backupFile);
  const refused = await runAdmin(['backup', backupFile]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /exists: name another file, or add --force to replace it\./);
  assert.deepEqual(readFileSync(backupFile), before);
  const forced = await runAdmin(['backup', backupFile, '--force']);
  assert.equal(forced.code, 0, forced.stderr);
});

test("a backup of an older version's database, restored over a newer one, is brought up to date", async () => {
  // A database migrated up to the migration before the newest: an older version's.
  const older = await freshTarget();
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const database = usingPostgres ? { engine: 'postgres' as const, url: older.env['DATABASE_URL']! } : { engine: 'sqlite' as const, file: join(older.env['VF_DATA_DIR']!, 'vf.sqlite') };
  const db = openDatabase(database);
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(names.at(-2)!);
    assert.equal(error, undefined);
  } finally {
    await db.destroy();
  }
  const olderFile = join(dir, 'older.backup');
  const backup = await runAdminCli(['backup', olderFile], older.env);
  assert.equal(backup.code, 0, backup.stderr);
  // Restored over the newest schema (the first test's database): the newest migration's tables go and come back.
  const restore = await runAdminCli(['restore', olderFile, '--yes'], restored.env);
  assert.equal(restore.code, 0, restore.stderr);
  assert.match(restore.stdout, new RegExp(`Migrations: newest ${names.at(-1)}, as this version's\\.`));
  assert.match(restore.stdout, /Rows: sites 0, users 0, containers 0, contents 0, events 0/);
});

if (!usingPostgres) {
  test('SQLite: restore refuses a database a running server holds open', async () => {
    const run = await runAdmin(['restore', backupFile, '--yes']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /vf\.sqlite is in use by another process: stop the server first; nothing changed\./);
    const health = await fetch(`${served.server.origin}/healthz`);
    assert.equal(health.status, 200);
  });
}
