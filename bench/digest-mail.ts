// A daily digest run (issue 46, docs/notifications.md "Email", docs/mail.md "Delivery"): 100,000
// readers with verified addresses set to daily, each with one pending digest item (a comment on a
// demo page) from yesterday, written straight into the database (the seed is not measured). The
// built server (test/support/serve.mjs, `built`: what `npm start` runs; `npm run build` first) is
// then started on that database with SMTP_URL at a real SMTP server in this process
// (test/server/smtpSink.ts): its digest schedule runs what is due as it starts, as a server does
// at a site's digest hour, and its dispatcher sends. Measured from the server's start: until every
// digest is in the outbox, and until the SMTP server has received all of them; mails/s handed to
// SMTP; the server process's peak RSS (VmHWM). Aims: ≥ 500 mails/s, < 300 MB. SQLite, and
// PostgreSQL when DATABASE_URL is set.
// `node --import tsx bench/digest-mail.ts` (VF_BENCH_DIGEST_READERS=10000 for a quicker run;
// VF_BENCH_NODE_OPTIONS adds Node options to the server's, e.g. `--require <a profiler>`);
// its rows are in `npm run bench`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { DEMO_SITE } from '../server/demo/index.ts';
import { pageOfContainer } from '../server/pages/index.ts';
import type { Database } from '../server/storage/schema.ts';
import { startServer } from '../test/support/serve.mjs';
import { openSmtpSink } from '../test/server/smtpSink.ts';
import { type Engine, openEngineDatabase, perEngine, type Row } from './comments-list.ts';
import { residentKb } from './proc.ts';

const READERS = Number(process.env['VF_BENCH_DIGEST_READERS'] ?? 100_000);
const AIM_PER_SECOND = 500;
const AIM_MB = 300;
/** How long the run may take before the bench gives up waiting. */
const TIMEOUT_MS = 15 * 60_000;
const SITE = DEMO_SITE.uuid;
const DAY_MS = 24 * 3_600_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process's peak resident memory so far (VmHWM), in MB. */
const peakMb = (pid: number) => residentKb(pid).peak / 1024;

/** READERS verified daily readers, each with one digest item about one of the demo site's visible comments. */
async function seedReaders(db: Kysely<Database>, run: string): Promise<void> {
  const comments = await db.selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .innerJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)))
    .select(['contents.uuid', 'contents.actor_uuid'])
    .where('contents.site_uuid', '=', SITE).where('contents.state', '=', 'visible')
    .limit(50).execute();
  if (comments.length === 0) throw new Error('the demo site has no visible comment on a page');
  const yesterday = Date.now() - DAY_MS - 3_600_000;
  const CHUNK = 1000;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < READERS; start += CHUNK) {
      const users = Array.from({ length: Math.min(CHUNK, READERS - start) }, (_, j) => ({
        uuid: randomUUID(), site_uuid: SITE, email: `digest-${run}-${start + j}@example.com`, name: `Digest reader ${start + j}`,
        password_hash: 'x', user_privilege: 'user', date_created: yesterday, email_verification_status: 'approved', email_notice_frequency: 'daily',
      }));
      await trx.insertInto('users').values(users).execute();
      await trx.insertInto('mail_digest_items').values(users.map((user, j) => {
        const comment = comments[(start + j) % comments.length]!;
        return {
          uuid: randomUUID(), site_uuid: SITE, user_uuid: user.uuid, category: 'reply', reason: 'reply', item_uuid: comment.uuid,
          actor_uuid: comment.actor_uuid, dedupe_key: `reply:${comment.uuid}:${user.uuid}`, date_created: yesterday + j, digested_at: null, digest_key: null,
        };
      })).execute();
    }
  });
}

async function digestMailRows(engine: Engine): Promise<Row[]> {
  // One data folder for two starts: the first migrates (and writes the demo site), the seed goes in between.
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-digest-bench-'));
  const sink = await openSmtpSink();
  try {
    // The built server as `npm start` runs it (its flags and memory settings: package.json "serve");
    // VF_BENCH_NODE_OPTIONS adds Node options (a profiler).
    const nodeOptions = process.env['VF_BENCH_NODE_OPTIONS'];
    const env = { ...engine.env, VF_DATA_DIR: dataDir, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) };
    const first = await startServer({ env, built: true });
    // The same server idle, started and answering: what the run adds shows against it.
    await wait(1000);
    const idle = peakMb(first.pid);
    await first.stop();
    const db = openEngineDatabase(engine, dataDir);
    try {
      await seedReaders(db, randomUUID().slice(0, 8));

      let received = 0;
      let lastArrival = 0;
      sink.onMail = () => {
        received++;
        lastArrival = performance.now();
      };
      const started = performance.now();
      const server = await startServer({ env: { ...env, SMTP_URL: sink.url }, built: true });
      try {
        const ready = performance.now() - started;
        let written = 0;
        let writtenAt = NaN;
        let peak = 0;
        let peakWriting = NaN;
        const until = started + TIMEOUT_MS;
        while ((received < READERS || Number.isNaN(writtenAt)) && performance.now() < until) {
          peak = Math.max(peak, peakMb(server.pid));
          if (Number.isNaN(writtenAt)) {
            const row = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
            written = Number(row.n);
            if (written >= READERS) {
              writtenAt = performance.now() - started;
              peakWriting = peakMb(server.pid);
            }
          }
          await wait(100);
        }
        peak = Math.max(peak, peakMb(server.pid));
        const sentMs = lastArrival - started;
        const perSecond = received / (sentMs / 1000);
        const met = received === READERS && perSecond >= AIM_PER_SECOND;
        const n = READERS.toLocaleString('en-US');
        return [
          [`daily digest run, ${n} readers (${engine.name}): server start → all ${n} mails at the SMTP server`, `${seconds(sentMs)}, ${Math.round(perSecond)} mails/s`, `≥ ${AIM_PER_SECOND} mails/s: ${met ? 'yes' : 'NO'}`],
          ['  digests written to the outbox (from the server\'s start)', Number.isNaN(writtenAt) ? `${written} of ${n} after ${seconds(TIMEOUT_MS)}` : seconds(writtenAt), ''],
          ['  the server\'s start, until it answers', seconds(ready), ''],
          ['  mails received by the SMTP server', `${received} of ${n}`, 'all'],
          ['  server peak RSS (VmHWM) over the run', `${Math.round(peak)} MB (started and idle: ${Math.round(idle)} MB; once the digests were written: ${Math.round(peakWriting)} MB)`, `< ${AIM_MB} MB: ${peak < AIM_MB ? 'yes' : 'NO'}`],
        ];
      } finally {
        await server.stop();
      }
    } finally {
      await db.destroy();
    }
  } finally {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const digestMailTable = (): Promise<Row[]> => perEngine(digestMailRows);

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await digestMailTable()) console.log(row.join(' | '));
