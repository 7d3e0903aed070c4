// Posting under load (issue 35): a conversation of 10,000 comments on the real server (the posting
// limit off, the guest cache on as in production), 50 signed-in readers on 50 connections post
// 2,500 comments to it as fast as they are answered; posts per second, p50 / p99 latency of the
// last 2,000, and how many of the 2,500 are stored. SQLite, and PostgreSQL when DATABASE_URL is set. The aim's rows post
// to a site with no scorers (a publisher's default); one more row on SQLite posts with the demo's
// spam and toxicity scorers on (their stand-ins, served by the same process: two more calls a post).
// `node --import tsx bench/posting.ts`; its rows are in `npm run bench`.
import autocannon from 'autocannon';
import { openDatabase } from '../server/storage/engine.ts';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../server/demo/index.ts';
import { callApi } from '../test/support/callApi.ts';
import { type Engine, onLargeContainer, perEngine, readerToken, type Row } from './comments-list.ts';

const COMMENTS = 10_000;
const CONNECTIONS = 50;
const POSTS = 2_000;
const WARM_UP_POSTS = 500;
const AIM = '≥ 1,000 posts/s, p99 ≤ 100 ms, every post stored';

/** Rows in the container, read straight from the database. */
async function storedIn(engine: Engine, dataDir: string, container: string): Promise<number> {
  const db = openDatabase(engine.name === 'SQLite' ? { engine: 'sqlite', file: `${dataDir}/vf.sqlite` } : { engine: 'postgres', url: engine.url });
  try {
    const { n } = await db.selectFrom('contents').where('container_uuid', '=', container).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  } finally {
    await db.destroy();
  }
}

/** Turns the demo site's two scorers on or off, as its admin does on the staging page. */
export async function setScorers(origin: string, enabled: boolean): Promise<void> {
  const admin = DEMO_ACCOUNTS.find((user) => user.user_privilege === 'admin')!;
  const { access_token } = await callApi<{ access_token: string }>(origin, 'POST', '/api/v2/users/login', { email: admin.email, password: admin.password, section: DEMO_SITE.uuid });
  await callApi(origin, 'PATCH', '/api/v2/moderation/settings', { section: DEMO_SITE.uuid, spam_scorer: { enabled }, toxicity_scorer: { enabled } }, access_token);
}

function postingRows(engine: Engine, scorers = false): Promise<Row[]> {
  return onLargeContainer(engine, COMMENTS, {}, async ({ origin, container, dataDir }) => {
    await setScorers(origin, scorers);
    const url = `${origin}/api/comments/${DEMO_SITE.uuid}/${container}/comments`;
    const tokens = await Promise.all(Array.from({ length: CONNECTIONS }, () => readerToken(origin)));
    let next = 0;
    const before = await storedIn(engine, dataDir, container);
    // One run: the first WARM_UP_POSTS answers are not timed (the code compiled, the statements
    // prepared and the 50 connections open, as after any minute in service); the next POSTS are.
    const answers: { at: number; ms: number; ok: boolean }[] = [];
    const firstAnswer = new Map<unknown, number>(); // per connection
    const result = await autocannon({
      url, method: 'POST', connections: CONNECTIONS, amount: WARM_UP_POSTS + POSTS,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Posting bench: the river walk is cooler in the evening.' }),
      // Each connection is its own reader.
      setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
    }).on('response', (client, status, _bytes, ms) => {
      answers.push({ at: performance.now(), ms, ok: status >= 200 && status < 300 });
      if (!firstAnswer.has(client)) firstAnswer.set(client, ms);
    });
    const timed = answers.slice(WARM_UP_POSTS);
    // Timed to the last answer: autocannon itself ends on its next whole-second tick.
    const seconds = (timed.at(-1)!.at - answers[WARM_UP_POSTS - 1]!.at) / 1000;
    const perSecond = Math.round(timed.filter((answer) => answer.ok).length / seconds);
    const latencies = timed.map((answer) => answer.ms).sort((a, b) => a - b);
    const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!);
    // Opening 50 connections at once on a busy server: libuv accepts one per event-loop turn.
    const firstAnswers = Math.round(Math.max(...firstAnswer.values()));
    const stored = (await storedIn(engine, dataDir, container)) - before;
    const failed = result.errors + result.non2xx;
    return [
      [`posting, ${COMMENTS.toLocaleString('en')} comments on the page (${engine.name}, ${CONNECTIONS} connections${scorers ? ', both scorers on' : ''})`,
        `${perSecond} posts/s, p50 ${percentile(50)} ms, p99 ${percentile(99)} ms`, scorers ? '' : AIM],
      ['  stored', `${stored} of ${WARM_UP_POSTS + POSTS}${failed > 0 ? `, ${failed} failed` : ''}`, ''],
      [`  ${CONNECTIONS} connections opened at once: the slowest first answer`, `${firstAnswers} ms`, ''],
    ];
  }, true);
}

export const postingTable = async (): Promise<Row[]> => [
  ...(await perEngine((engine) => postingRows(engine))),
  ...(await postingRows({ name: 'SQLite', env: {} }, true)),
];

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await postingTable()) console.log(row.join(' | '));
