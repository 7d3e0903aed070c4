/**
 * server/storage/checkpointer.ts: once the server listens, a burst of commits has a worker thread
 * copy SQLite's write-ahead log into the database file (the server's own checkpoint waits until
 * 10,000 pages), a short burst and a burst's tail included; before that, nothing starts it; closing
 * the database ends the thread first.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { CHECKPOINT_BACKSTOP_PAGES, COMMITS_PER_CHECKPOINT } from '../../server/storage/checkpointer.ts';
import { checkpointInBackground, openDatabase } from '../../server/storage/engine.ts';

const folder = mkdtempSync(join(tmpdir(), 'vf-checkpoint-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** `commits` commits of 100 rows of 1 KB: 30 make about 750 pages of log, well under the backstop. */
async function burst(db: Kysely<any>, commits = 30): Promise<void> {
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  const body = 'x'.repeat(1024);
  for (let commit = 0; commit < commits; commit++) {
    await db.transaction().execute(async (trx) => {
      for (let row = 0; row < 100; row++) await trx.insertInto('notes').values({ body }).execute();
    });
  }
}

/**
 * The database file's size once it reaches `atLeast`, or after 20 s (a deadline for a loaded
 * machine, where the thread may take seconds to start: the copy's speed is bench/'s business).
 */
async function sizeOnceCopied(file: string, atLeast: number): Promise<number> {
  const until = Date.now() + 20_000;
  while (statSync(file).size < atLeast && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return statSync(file).size;
}

test('once the server listens, a burst of commits is copied into the database file by the thread', async () => {
  const file = join(folder, 'listening.sqlite');
  const db = openDatabase({ engine: 'sqlite', file });
  try {
    checkpointInBackground(db);
    await burst(db);
    assert.ok((await sizeOnceCopied(file, 3_000_000)) >= 3_000_000, 'all the rows reached the database file');
    const { n } = (await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!;
    assert.equal(n, 3000);
  } finally {
    await db.destroy();
  }
  assert.equal(existsSync(`${file}-wal`), false, 'the thread closed its connection before the server\'s: the last one removed the log');
});

test('a burst shorter than a checkpoint\'s worth of commits is copied too, once it ends', async () => {
  const file = join(folder, 'short.sqlite');
  const db = openDatabase({ engine: 'sqlite', file });
  try {
    checkpointInBackground(db);
    await burst(db, COMMITS_PER_CHECKPOINT - 1);
    const rows = (COMMITS_PER_CHECKPOINT - 1) * 100_000;
    assert.ok((await sizeOnceCopied(file, rows)) >= rows, 'the rows reached the database file');
  } finally {
    await db.destroy();
  }
});

test('before the server listens (migrations, seed), commits stay in the log until the backstop', async () => {
  const file = join(folder, 'starting.sqlite');
  const db = openDatabase({ engine: 'sqlite', file });
  try {
    await burst(db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(statSync(file).size < 100_000, `the database file is ${statSync(file).size} B: nothing copied it`);
    assert.ok(statSync(`${file}-wal`).size >= 2_000_000);
    const { wal_autocheckpoint } = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]!;
    assert.equal(wal_autocheckpoint, CHECKPOINT_BACKSTOP_PAGES);
  } finally {
    await db.destroy();
  }
});

test('a database in memory keeps SQLite\'s own checkpoints', async () => {
  const db = openDatabase({ engine: 'sqlite', file: ':memory:' });
  try {
    const { wal_autocheckpoint } = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0]!;
    assert.equal(wal_autocheckpoint, 1000);
  } finally {
    await db.destroy();
  }
});
