// A reply's mail, from the reply's answer to the SMTP server (issue 46, docs/notifications.md
// "Email"): the real server (test/support/serve.mjs) with SMTP_URL at a real SMTP server in this
// process (test/server/smtpSink.ts), 1,000 readers with verified addresses set to immediate, each
// with a comment on the demo article; 10 other readers reply to them at 50 replies a second for
// 20 s, each reply to a different reader's comment. For each reply: the time from its 200 to the
// SMTP server's receipt of the mail to that reader (matched by recipient). p50 / p95 / p99 / max;
// the aim is p99 ≤ 5 s. SQLite, and PostgreSQL when DATABASE_URL is set.
// `node --import tsx bench/reply-mail.ts`; its rows are in `npm run bench`.
import { randomUUID } from 'node:crypto';
import type { AuthResult, Comment, Container } from '../core/api/types.ts';
import { DEMO_SITE } from '../server/demo/index.ts';
import { callApi } from '../test/support/callApi.ts';
import { startServer } from '../test/support/serve.mjs';
import { openSmtpSink } from '../test/server/smtpSink.ts';
import { type Engine, openEngineDatabase, perEngine, type Row } from './comments-list.ts';
import { setScorers } from './posting.ts';
import { percentileOf } from './stats.ts';

const READERS = 1_000;
const REPLIERS = 10;
const PER_SECOND = 50;
/** After the last reply, how long the missing mails are waited for. */
const GRACE_MS = 30_000;
const AIM_MS = 5_000;
const SITE = DEMO_SITE.uuid;

const ms = (value: number) => `${Math.round(value)} ms`;

/** `count` calls, `concurrency` at a time. */
async function inParallel<T>(count: number, concurrency: number, one: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const i = next++;
      results[i] = await one(i);
    }
  }));
  return results;
}

const signup = (origin: string, name: string, email: string) =>
  callApi<AuthResult>(origin, 'POST', '/api/v2/users', { name, email, password: 'bench-password-1', login: true, section: SITE });

async function replyMailRows(engine: Engine): Promise<Row[]> {
  const sink = await openSmtpSink();
  const server = await startServer({ env: { ...engine.env, SMTP_URL: sink.url } });
  try {
    await setScorers(server.origin, false); // a publisher's default: no scorers between a reply and its mail
    const run = randomUUID().slice(0, 8);
    const readers = await inParallel(READERS, 20, (i) => signup(server.origin, `Bench Reader ${i}`, `bench-mail-${run}-${i}@example.com`));
    const repliers = await inParallel(REPLIERS, REPLIERS, (i) => signup(server.origin, `Bench Replier ${i}`, `bench-replier-${run}-${i}@example.com`));
    // As after each reader opened the verification link; immediate is the default, set anyway.
    const db = openEngineDatabase(engine, server.dataDir);
    try {
      await db.updateTable('users').set({ email_verification_status: 'approved', email_notice_frequency: 'immediate' }).where('email', 'like', `bench-mail-${run}-%`).execute();
    } finally {
      await db.destroy();
    }
    const container = await callApi<Container>(server.origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=demo-article-river-trees`);
    const comments = `/api/comments/${SITE}/${container.content_container_uuid}/comments`;
    const roots = await inParallel(READERS, 20, (i) => callApi<Comment>(server.origin, 'POST', comments, { content: `Bench reader ${i} on the river trees.` }, readers[i]!.access_token));

    const acknowledged = new Map<string, number>();
    const received = new Map<string, number>();
    sink.onMail = (mail) => {
      for (const to of mail.to) if (!received.has(to)) received.set(to, performance.now());
    };
    const answers: number[] = [];
    let failed = 0;
    const started = performance.now();
    await Promise.all(readers.map(async (reader, i) => {
      const due = started + (i * 1000) / PER_SECOND;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const sent = performance.now();
      try {
        await callApi(server.origin, 'POST', `${comments}/${roots[i]!.content_uuid}`, { content: `A reply to bench reader ${i}.` }, repliers[i % REPLIERS]!.access_token);
        acknowledged.set(reader.user.email!, performance.now());
        answers.push(performance.now() - sent);
      } catch {
        failed++;
      }
    }));
    const postingSeconds = (performance.now() - started) / 1000;
    const until = performance.now() + GRACE_MS;
    while ([...acknowledged.keys()].some((to) => !received.has(to)) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));

    const latencies = [...acknowledged].filter(([to]) => received.has(to)).map(([to, at]) => received.get(to)! - at).sort((a, b) => a - b);
    const early = latencies.filter((latency) => latency < 0).length;
    const p99 = percentileOf(latencies, 99);
    const arrived = latencies.length;
    const met = arrived === READERS && p99 <= AIM_MS;
    answers.sort((a, b) => a - b);
    return [
      [`reply → its mail at the SMTP server (${engine.name}, ${PER_SECOND} replies/s for ${postingSeconds.toFixed(0)} s, readers on immediate): p50 / p95 / p99 / max`,
        `${ms(percentileOf(latencies, 50))} / ${ms(percentileOf(latencies, 95))} / ${ms(p99)} / ${ms(latencies.at(-1) ?? NaN)}`,
        `p99 ≤ ${AIM_MS / 1000} s: ${met ? 'yes' : 'NO'}`],
      ['  mails arrived', `${arrived} of ${READERS}${failed ? `, ${failed} replies failed` : ''}${early ? `, ${early} before the reply's answer` : ''}`, 'all'],
      ['  the replies\' own answers p50 / p99', `${ms(percentileOf(answers, 50))} / ${ms(percentileOf(answers, 99))}`, ''],
    ];
  } finally {
    await server.stop();
    await sink.close();
  }
}

export const replyMailTable = (): Promise<Row[]> => perEngine(replyMailRows);

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await replyMailTable()) console.log(row.join(' | '));
