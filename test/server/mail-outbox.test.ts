/**
 * The durable mail outbox (server/mail/outbox.ts, dispatcher.ts; docs/mail.md "Delivery"), sent
 * through a real SMTP server (smtpSink.ts): a mail enqueued arrives with its headers, once per
 * dedupe_key; a refusing or absent SMTP server means retries with backoff, then delivery, or
 * giving up after MAX_SEND_ATTEMPTS (logged); a claim left by a dead process runs out and the mail
 * is sent once. Time is moved by writing next_attempt_at and claimed_until, never by waiting.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Kysely, Migrator } from 'kysely';
import { MAX_SEND_ATTEMPTS, retryDelay } from '../../core/mail/types.ts';
import { MailDispatcher } from '../../server/mail/dispatcher.ts';
import { enqueueMail, type OutboxMail } from '../../server/mail/index.ts';
import { claimDue, claimedMail } from '../../server/mail/outbox.ts';
import { migrationProvider } from '../../server/storage/migrations/index.ts';
import type { Database } from '../../server/storage/schema.ts';
import { freePort } from '../support/serve.mjs';
import { build, countRows, SITE } from './helpers.ts';
import { startSmtpSink } from './smtpSink.ts';
import { oldDatabase } from './support/pre-content-engine.ts';

const UNSUBSCRIBE = 'https://vf.example.test/api/v2/mail/unsubscribe?token=not-a-real-token-0123456789abcdef';

function mail(n: number | string, to = 'reader@example.test'): OutboxMail {
  return {
    to,
    subject: `Reply #${n}`,
    text: `Someone answered you (${n}).\n${UNSUBSCRIBE}`,
    html: `<p>Someone answered you (${n}).</p>`,
    headers: { 'List-Unsubscribe': `<${UNSUBSCRIBE}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const enqueue = (app: FastifyInstance, key: string, outboxMail = mail(key)) =>
  enqueueMail(app.db, { site_uuid: SITE, user_uuid: null, category: 'reply', dedupe_key: key, mail: outboxMail });

/** The mail's row and its delivery's (state, attempts, claim). */
const row = (app: FastifyInstance, key: string) =>
  app.db.selectFrom('mail_outbox').innerJoin('mail_deliveries', 'mail_deliveries.outbox_uuid', 'mail_outbox.uuid').selectAll().where('dedupe_key', '=', key).executeTakeFirstOrThrow();

/** Changes the mail's delivery row (moves time: its backoff, its claim). */
const setDelivery = (app: FastifyInstance, key: string, values: { next_attempt_at?: number; claimed_by?: string; claimed_until?: number }) =>
  app.db.updateTable('mail_deliveries').set(values).where('outbox_uuid', 'in', app.db.selectFrom('mail_outbox').select('uuid').where('dedupe_key', '=', key)).execute();

/** Makes the row due now (time moved past its backoff). */
const due = (app: FastifyInstance, key: string) => setDelivery(app, key, { next_attempt_at: 0 });

test('an enqueued mail reaches the SMTP server with its List-Unsubscribe headers and its row\'s Message-ID, and is marked sent', async (t) => {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url });
  assert.equal(await enqueue(app, 'reply:1'), true);
  app.mailOutbox.kick();
  const received = await sink.nth(1);
  assert.deepEqual(received.to, ['reader@example.test']);
  assert.equal(received.subject, 'Reply #reply:1');
  assert.match(received.text, /Someone answered you/);
  assert.equal(received.headers['list-unsubscribe'], `<${UNSUBSCRIBE}>`);
  assert.equal(received.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
  await app.mailOutbox.flush();
  const sent = await row(app, 'reply:1');
  assert.equal(sent.state, 'sent');
  // The row's own Message-ID: a copy sent again after a crash is the same message.
  assert.equal(received.headers['message-id'], `<${sent.uuid}@vf.outbox>`);
  assert.equal(typeof sent.date_sent, 'number');
  assert.equal(sent.claimed_by, null);
});

test('the same dedupe_key twice is one row and one mail; a rolled-back transaction enqueues nothing', async (t) => {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url });
  assert.equal(await enqueue(app, 'reply:twice'), true);
  assert.equal(await enqueue(app, 'reply:twice', mail('other')), false);
  await assert.rejects(
    app.db.transaction().execute(async (trx) => {
      assert.equal(await enqueueMail(trx, { site_uuid: SITE, user_uuid: null, category: 'reply', dedupe_key: 'reply:rolled-back', mail: mail('rolled') }), true);
      // A duplicate inside the same transaction does not abort it (PostgreSQL): it answers false.
      assert.equal(await enqueueMail(trx, { site_uuid: SITE, user_uuid: null, category: 'reply', dedupe_key: 'reply:twice', mail: mail('dup') }), false);
      throw new Error('the caller changed its mind');
    }),
    /changed its mind/,
  );
  assert.equal(await countRows(app, 'mail_outbox'), 1);
  await app.mailOutbox.flush();
  await app.mailOutbox.flush();
  assert.deepEqual(sink.mails.map((m) => m.subject), ['Reply #reply:twice']);
});

test('a header with a line break is refused at enqueue', async (t) => {
  const app = await build(t);
  const bad = { ...mail('bad'), headers: { 'List-Unsubscribe': '<https://x.test/>\r\nBcc: everyone@example.test' } };
  await assert.rejects(enqueue(app, 'reply:bad', bad), /without line breaks/);
  assert.equal(await countRows(app, 'mail_outbox'), 0);
});

test('an SMTP server refusing (451) is tried again with backoff, and the mail delivered once it accepts', async (t) => {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url });
  sink.refusing = true;
  const before = Date.now();
  await enqueue(app, 'reply:refused');
  await app.mailOutbox.flush();
  let waiting = await row(app, 'reply:refused');
  assert.equal(waiting.state, 'pending');
  assert.equal(waiting.attempts, 1);
  assert.match(String(waiting.last_error), /451/);
  assert.ok(waiting.next_attempt_at >= before + retryDelay(1), 'the next try waits for the backoff');
  assert.equal(await app.mailOutbox.flush(), 0, 'not tried again before then');

  await due(app, 'reply:refused');
  const second = Date.now();
  await app.mailOutbox.flush();
  waiting = await row(app, 'reply:refused');
  assert.equal(waiting.attempts, 2);
  assert.ok(waiting.next_attempt_at >= second + retryDelay(2), 'the wait doubles');

  sink.refusing = false;
  await due(app, 'reply:refused');
  await app.mailOutbox.flush();
  assert.equal((await row(app, 'reply:refused')).state, 'sent');
  assert.deepEqual(sink.mails.map((m) => m.subject), ['Reply #reply:refused']);
});

test('no SMTP server listening: the mail waits, and is delivered when the server comes up', async (t) => {
  const port = await freePort();
  const app = await build(t, { SMTP_URL: `smtp://127.0.0.1:${port}` });
  await enqueue(app, 'reply:down');
  await app.mailOutbox.flush();
  const waiting = await row(app, 'reply:down');
  assert.equal(waiting.state, 'pending');
  assert.equal(waiting.attempts, 1);
  assert.match(String(waiting.last_error), /ECONNREFUSED|connect/i);

  const sink = await startSmtpSink(t, { port });
  await due(app, 'reply:down');
  await app.mailOutbox.flush();
  assert.equal((await row(app, 'reply:down')).state, 'sent');
  assert.deepEqual(sink.mails.map((m) => m.subject), ['Reply #reply:down']);
});

test(`given up after ${MAX_SEND_ATTEMPTS} tries: state failed, logged with to, subject and error but no link`, async (t) => {
  const sink = await startSmtpSink(t);
  sink.refusing = true;
  const app = await build(t, { SMTP_URL: sink.url });
  // A dispatcher of our own over the app's database and mailer, its log captured; the app's stops.
  await app.mailOutbox.close();
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const dispatcher = new MailDispatcher(app.db, app.mail, capturingLog(warnings));
  await enqueue(app, 'reply:hopeless');
  for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
    await due(app, 'reply:hopeless');
    assert.equal(await dispatcher.flush(), 1, `try ${attempt}`);
  }
  const failed = await row(app, 'reply:hopeless');
  assert.equal(failed.state, 'failed');
  assert.equal(failed.attempts, MAX_SEND_ATTEMPTS);
  await due(app, 'reply:hopeless');
  assert.equal(await dispatcher.flush(), 0, 'a failed mail is not tried again');
  assert.equal(sink.mails.length, 0);

  assert.equal(warnings.length, 1);
  const [warning] = warnings;
  assert.equal(warning!.message, 'mail: given up after the last try');
  assert.equal(warning!.fields['to'], 'reader@example.test');
  assert.equal(warning!.fields['subject'], 'Reply #reply:hopeless');
  assert.match(String(warning!.fields['error']), /451/);
  assert.ok(!JSON.stringify(warning).includes('token='), 'the unsubscribe link is not logged');
  await dispatcher.close();
});

test('after a restart: a mail claimed by a process that died is sent once its claim runs out, exactly once', async (t) => {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url });
  await enqueue(app, 'reply:orphan');
  // What a process killed mid-send leaves: its claim, still running.
  const claimedUntil = Date.now() + 60_000;
  await setDelivery(app, 'reply:orphan', { claimed_by: 'a-process-that-died', claimed_until: claimedUntil });
  assert.equal(await app.mailOutbox.flush(), 0, 'a running claim is respected');
  assert.equal(sink.mails.length, 0);

  await setDelivery(app, 'reply:orphan', { claimed_until: Date.now() - 1 });
  assert.equal(await app.mailOutbox.flush(), 1);
  assert.equal(await app.mailOutbox.flush(), 0);
  const sent = await row(app, 'reply:orphan');
  assert.equal(sent.state, 'sent');
  assert.deepEqual(sink.mails.map((m) => m.subject), ['Reply #reply:orphan']);
});

test('two dispatchers over one database send 200 mails, each exactly once', async (t) => {
  const sink = await startSmtpSink(t);
  const app = await build(t, { SMTP_URL: sink.url });
  await app.mailOutbox.close();
  const silent = capturingLog([]);
  // Claims of 10, one at a time each: twenty claims to share, so the two contend for the same rows.
  const dispatchers = [new MailDispatcher(app.db, app.mail, silent, { batch: 10, lanes: 1 }), new MailDispatcher(app.db, app.mail, silent, { batch: 10, lanes: 1 })];
  for (let n = 0; n < 200; n++) await enqueue(app, `reply:many:${n}`, mail(n, `reader${n}@example.test`));
  const tried = await Promise.all(dispatchers.map((d) => d.flush()));
  assert.equal(tried[0]! + tried[1]!, 200);
  assert.ok(tried.every((n) => n > 0), `both shared the work (${tried.join(' + ')})`);
  assert.equal(sink.mails.length, 200);
  assert.equal(new Set(sink.mails.map((m) => m.subject)).size, 200);
  assert.equal(Number((await app.db.selectFrom('mail_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'sent').executeTakeFirstOrThrow()).n), 200);
  await Promise.all(dispatchers.map((d) => d.close()));
});

test('without SMTP in demo mode the dispatcher writes the mail, headers included, for /demo/mail', async (t) => {
  const app = await build(t, { VF_DEMO: '1' });
  await enqueue(app, 'reply:demo');
  await app.mailOutbox.flush();
  assert.equal((await row(app, 'reply:demo')).state, 'sent');
  const page = await app.inject({ method: 'GET', url: '/demo/mail', remoteAddress: '127.0.0.1' });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Reply #reply:demo/);
  assert.match(page.body, /List-Unsubscribe-Post/);
});

test('migration 030 moves each mail\'s state, tries and claim to its delivery row; a pending one is then claimed and read', async (t) => {
  const cleanups: (() => Promise<void>)[] = [];
  const { db } = await oldDatabase(t, cleanups, '029_mail_digests');
  cleanups.push(() => db.destroy());
  const old = (key: string, state: string, extra: Record<string, unknown> = {}) => ({
    uuid: `00000000-0000-4000-8000-00000000000${key.length}`, site_uuid: SITE, user_uuid: null, category: 'reply', dedupe_key: key, mail: JSON.stringify(mail(key)),
    state, attempts: 0, next_attempt_at: 1000, claimed_by: null, claimed_until: null, last_error: null, date_created: 1000, date_sent: null, ...extra,
  });
  await db.insertInto('mail_outbox').values([
    old('a', 'pending', { attempts: 2, last_error: '451 try later' }),
    old('bb', 'sent', { date_sent: 2000 }),
    old('ccc', 'pending', { claimed_by: 'a-process-that-died', claimed_until: 5000 }),
  ]).execute();
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) throw error;

  const delivery = (uuid: string) => db.selectFrom('mail_deliveries').selectAll().where('outbox_uuid', '=', uuid).executeTakeFirstOrThrow();
  const [a, bb, ccc] = [old('a', ''), old('bb', ''), old('ccc', '')].map((row) => row.uuid);
  assert.deepEqual(await delivery(a!), { outbox_uuid: a, state: 'pending', attempts: 2, next_attempt_at: 1000, claimed_by: null, claimed_until: null, last_error: '451 try later', date_sent: null });
  assert.equal((await delivery(bb!)).date_sent, 2000);
  assert.equal((await delivery(ccc!)).claimed_until, 5000);
  assert.deepEqual(Object.keys(await db.selectFrom('mail_outbox').selectAll().where('uuid', '=', a!).executeTakeFirstOrThrow()).sort(), ['category', 'date_created', 'dedupe_key', 'mail', 'site_uuid', 'user_uuid', 'uuid']);

  const claimed = await claimDue(db as Kysely<Database>, 'after-the-migration', 10_000, 10);
  assert.deepEqual(claimed.map((row) => row.uuid).sort(), [a, ccc].sort(), 'the pending ones, the dead claim run out; not the sent one');
  assert.equal((await claimedMail(db as Kysely<Database>, a!))?.subject, 'Reply #a');
  // An erased reader's mails go with their delivery rows (server/accounts/erasure.ts deletes from mail_outbox).
  await db.deleteFrom('mail_outbox').where('uuid', '=', a!).execute();
  assert.equal(await db.selectFrom('mail_deliveries').select('outbox_uuid').where('outbox_uuid', '=', a!).executeTakeFirst(), undefined);
});

/** A logger that keeps its warnings (the dispatcher's "given up" line). */
function capturingLog(warnings: { fields: Record<string, unknown>; message: string }[]): FastifyBaseLogger {
  const ignore = () => {};
  const log = {
    level: 'info',
    fatal: ignore,
    error: ignore,
    info: ignore,
    debug: ignore,
    trace: ignore,
    silent: ignore,
    warn: (fields: Record<string, unknown>, message: string) => void warnings.push({ fields, message }),
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}
