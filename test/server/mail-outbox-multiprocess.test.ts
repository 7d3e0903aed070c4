/**
 * The mail outbox shared by two server processes (docs/mail.md "Delivery"): two real vf servers
 * on one SQLite file, then on one PostgreSQL database (row locks with SKIP LOCKED), both pointed
 * at one real SMTP server; 200 mails enqueued at once reach it each exactly once. And a server
 * killed (SIGKILL) while sending: none of its mails is lost, and only the ones it had in flight may
 * arrive twice, at most IN_FLIGHT (dispatcher.ts: a mail holds its place there from the hand-over to
 * SMTP until its sent-mark commits; docs/mail.md "Delivery").
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { Kysely } from 'kysely';
import { DEMO_SITE } from '../../server/demo/index.ts';
import { IN_FLIGHT } from '../../server/mail/dispatcher.ts';
import { enqueueMail } from '../../server/mail/index.ts';
import { openDatabase } from '../../server/storage/engine.ts';
import type { Database } from '../../server/storage/schema.ts';
import type { DatabaseConfig } from '../../server/config.ts';
import { cleanupsOf } from '../support/cleanups.ts';
import { startServer } from '../support/serve.mjs';
import { startPostgres } from './multiprocess-infra.ts';
import { startSmtpSink } from './smtpSink.ts';

const MAILS = 200;

/** Two servers on `database` (env gives it to them), 200 mails enqueued from here; each arrives once. */
async function twoServersSendEachOnce(t: TestContext, after: (cleanup: () => unknown) => void, database: DatabaseConfig, env: Record<string, string>): Promise<void> {
  const sink = await startSmtpSink(t);
  const serverEnv = { ...env, SMTP_URL: sink.url, VF_JWT_SECRET: 'mail-outbox-multi-process-secret-0123456789' };
  // One after the other: the first migrates and seeds the database.
  const a = await startServer({ env: serverEnv });
  after(() => a.stop());
  const b = await startServer({ env: serverEnv });
  after(() => b.stop());

  const db = openDatabase(database);
  after(() => db.destroy());
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < MAILS; n++) {
      const mail = { to: `reader${n}@example.test`, subject: `Mail ${n}`, text: `Mail number ${n}`, html: `<p>Mail number ${n}</p>`, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
      assert.equal(await enqueueMail(trx as Kysely<Database>, { site_uuid: DEMO_SITE.uuid, user_uuid: null, category: 'reply', dedupe_key: `multi:${n}`, mail }), true);
    }
  });

  // Every row is marked sent only after the SMTP server accepted it: then nothing is on its way.
  const sent = await untilSent(db, MAILS);
  assert.equal(sent, MAILS, `all mails sent (server logs:\n${a.output()}\n${b.output()})`);
  assert.equal(sink.mails.length, MAILS, 'no mail twice');
  const subjects = new Set(sink.mails.map((mail) => mail.subject));
  assert.equal(subjects.size, MAILS);
  for (const mail of sink.mails) assert.deepEqual(mail.to, [`reader${mail.subject.slice('Mail '.length)}@example.test`]);
  assert.equal(sink.mails[0]!.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
}

const countSent = async (db: Kysely<Database>) =>
  Number((await db.selectFrom('mail_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'sent').executeTakeFirstOrThrow()).n);

/** Polls until `count` rows are sent (or a minute has gone); answers how many are. */
async function untilSent(db: Kysely<Database>, count: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  let sent = 0;
  while (sent < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    sent = await countSent(db);
  }
  return sent;
}

/**
 * A server sending 500 mails killed (SIGKILL) once 20 have arrived; a new server on the same
 * database sends the rest. None is lost, and a mail arrives twice only if the killed server had it
 * in flight: at most IN_FLIGHT, since a mail holds its place there until its sent-mark commits.
 */
async function killedWhileSending(t: TestContext, after: (cleanup: () => unknown) => void, database: DatabaseConfig, env: Record<string, string>): Promise<void> {
  const sink = await startSmtpSink(t);
  const serverEnv = { ...env, SMTP_URL: sink.url, VF_JWT_SECRET: 'mail-outbox-multi-process-secret-0123456789' };
  const a = await startServer({ env: serverEnv });
  after(() => a.stop());
  const db = openDatabase(database);
  after(() => db.destroy());
  const total = 500;
  await db.transaction().execute(async (trx) => {
    for (let n = 0; n < total; n++) {
      await enqueueMail(trx as Kysely<Database>, { site_uuid: DEMO_SITE.uuid, user_uuid: null, category: 'reply', dedupe_key: `kill:${n}`, mail: { to: `reader${n}@example.test`, subject: `Mail ${n}`, text: `Mail number ${n}`, html: `<p>Mail number ${n}</p>` } });
    }
  });
  await sink.nth(20);
  process.kill(a.pid, 'SIGKILL');
  await a.exited;

  // What it left: mails it had claimed and not marked (up to IN_FLIGHT of them maybe handed to SMTP already).
  const orphans = await db.selectFrom('mail_deliveries').innerJoin('mail_outbox', 'mail_outbox.uuid', 'mail_deliveries.outbox_uuid').select('dedupe_key')
    .where('state', '=', 'pending').where('claimed_by', 'is not', null).execute();
  const received = sink.mails.length;
  assert.ok((await countSent(db)) < total, 'killed before it was done');
  // Time moved past the dead process's claims (2 minutes), then a new server.
  await db.updateTable('mail_deliveries').set({ claimed_until: Date.now() - 1 }).where('claimed_by', 'is not', null).execute();
  const b = await startServer({ env: serverEnv });
  after(() => b.stop());
  assert.equal(await untilSent(db, total), total, `all sent (server log:\n${b.output()})`);

  const arrivals = new Map<string, number>();
  for (const mail of sink.mails) arrivals.set(mail.subject, (arrivals.get(mail.subject) ?? 0) + 1);
  assert.equal(arrivals.size, total, 'none lost');
  const inFlight = new Set(orphans.map((row) => `Mail ${row.dedupe_key.slice('kill:'.length)}`));
  const twice = [...arrivals].filter(([, times]) => times > 1);
  for (const [subject, times] of twice) assert.ok(times === 2 && inFlight.has(subject), `${subject} arrived ${times} times`);
  // Marked as soon as SMTP accepts them: the copies are only the mails between SMTP's 250 and their mark's commit.
  assert.ok(twice.length <= IN_FLIGHT, `${twice.length} mails arrived twice (at most ${IN_FLIGHT})`);
  t.diagnostic(`${received} mails arrived before the kill, ${twice.length} of them again after it`);
}

describe('the mail outbox across two server processes', () => {
  test('on one SQLite file', async (t) => {
    const after = cleanupsOf(t);
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-mail-mp-'));
    after(() => rmSync(dataDir, { recursive: true, force: true }));
    await twoServersSendEachOnce(t, after, { engine: 'sqlite', file: join(dataDir, 'vf.sqlite') }, { VF_DATA_DIR: dataDir });
  });

  test('on one PostgreSQL database', async (t) => {
    const after = cleanupsOf(t);
    const postgres = await startPostgres();
    after(() => postgres.stop());
    await twoServersSendEachOnce(t, after, { engine: 'postgres', url: postgres.url }, { DATABASE_URL: postgres.url });
  });

  test('a server killed while sending, on SQLite: a new one sends the rest, only mails in flight twice', async (t) => {
    const after = cleanupsOf(t);
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-mail-kill-'));
    after(() => rmSync(dataDir, { recursive: true, force: true }));
    await killedWhileSending(t, after, { engine: 'sqlite', file: join(dataDir, 'vf.sqlite') }, { VF_DATA_DIR: dataDir });
  });

  test('a server killed while sending, on PostgreSQL: the same', async (t) => {
    const after = cleanupsOf(t);
    const postgres = await startPostgres();
    after(() => postgres.stop());
    await killedWhileSending(t, after, { engine: 'postgres', url: postgres.url }, { DATABASE_URL: postgres.url });
  });
});
