// Posting under load (issue 35): a conversation of 10,000 comments on the real server (the posting
// limit off, the guest cache on as in production), 50 signed-in readers on 50 connections post
// 5,000 comments to it as fast as they are answered. Two windows of 2,000 posts are timed: the
// steady one (posts 3,001–5,000, V8 done optimising the hot path), which the aim is about, and the
// first after a start (posts 501–2,500). Posts per second, p50 / p99 latency, and how many of the
// 5,000 are stored. SQLite, and PostgreSQL when DATABASE_URL is set. The aim's rows post to a
// site with no scorers (a publisher's default); one more row on SQLite posts with the demo's spam
// and toxicity scorers on (their stand-ins, served by the same process: two more calls a post).
// `node --import tsx bench/posting.ts`; its rows are in `npm run bench`.
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../server/demo/index.ts';
import { callApi } from '../test/support/callApi.ts';
import { type Engine, onLargeContainer, openEngineDatabase, perEngine, readerToken, type Row } from './comments-list.ts';
import { percentileOf } from './stats.ts';

const COMMENTS = 10_000;
const CONNECTIONS = 50;
/** Each window times this many answers. */
const WINDOW = 2_000;
/** Where the two windows start: after the connections opened, and after V8 optimised the path. */
const FIRST_FROM = 500;
const STEADY_FROM = 3_000;
const POSTS = STEADY_FROM + WINDOW;
const AIM = '≥ 1,000 posts/s, p99 ≤ 100 ms, every post stored';

/** Rows in the container, read straight from the database. */
async function storedIn(engine: Engine, dataDir: string, container: string): Promise<number> {
  const db = openEngineDatabase(engine, dataDir);
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

interface Answer { at: number; ms: number; ok: boolean }

/**
 * Posts per second and latency of the WINDOW answers after the first `from`: per second is 2xx
 * answers over the time from answer `from` to the window's last (autocannon's own duration ends
 * on its next whole-second tick).
 */
function windowOf(answers: Answer[], from: number): { perSecond: number; p50: number; p99: number } {
  const timed = answers.slice(from, from + WINDOW);
  const seconds = (timed.at(-1)!.at - answers[from - 1]!.at) / 1000;
  const latencies = timed.map((answer) => answer.ms).sort((a, b) => a - b);
  return { perSecond: Math.round(timed.filter((answer) => answer.ok).length / seconds), p50: Math.round(percentileOf(latencies, 50)), p99: Math.round(percentileOf(latencies, 99)) };
}

const shown = ({ perSecond, p50, p99 }: ReturnType<typeof windowOf>) => `${perSecond} posts/s, p50 ${p50} ms, p99 ${p99} ms`;

function postingRows(engine: Engine, scorers = false): Promise<Row[]> {
  return onLargeContainer(engine, COMMENTS, {}, async ({ origin, container, dataDir }) => {
    await setScorers(origin, scorers);
    const url = `${origin}/api/comments/${DEMO_SITE.uuid}/${container}/comments`;
    const tokens = await Promise.all(Array.from({ length: CONNECTIONS }, () => readerToken(origin)));
    let next = 0;
    const before = await storedIn(engine, dataDir, container);
    // One run of POSTS. The first FIRST_FROM answers come while the 50 connections open and the
    // code compiles, and are not timed; docs/performance.md "Posting under load" shows the curve.
    const answers: Answer[] = [];
    const firstAnswer = new Map<unknown, number>(); // per connection
    const result = await autocannon({
      url, method: 'POST', connections: CONNECTIONS, amount: POSTS,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Posting bench: the river walk is cooler in the evening.' }),
      // Each connection is its own reader.
      setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
    }).on('response', (client, status, _bytes, ms) => {
      answers.push({ at: performance.now(), ms, ok: status >= 200 && status < 300 });
      if (!firstAnswer.has(client)) firstAnswer.set(client, ms);
    });
    // Opening 50 connections at once on a busy server: libuv accepts one per event-loop turn.
    const firstAnswers = Math.round(Math.max(...firstAnswer.values()));
    const stored = (await storedIn(engine, dataDir, container)) - before;
    const failed = result.errors + result.non2xx;
    return [
      [`posting, ${COMMENTS.toLocaleString('en')} comments on the page (${engine.name}, ${CONNECTIONS} connections${scorers ? ', both scorers on' : ''}), steady: posts ${(STEADY_FROM + 1).toLocaleString('en')}–${POSTS.toLocaleString('en')}`,
        shown(windowOf(answers, STEADY_FROM)), scorers ? '' : AIM],
      [`  the first after a start: posts ${FIRST_FROM + 1}–${(FIRST_FROM + WINDOW).toLocaleString('en')}`, shown(windowOf(answers, FIRST_FROM)), ''],
      ['  stored', `${stored} of ${POSTS}${failed > 0 ? `, ${failed} failed` : ''}`, ''],
      [`  ${CONNECTIONS} connections opened at once: the slowest first answer`, `${firstAnswers} ms`, ''],
    ];
  }, true);
}

export const postingTable = async (): Promise<Row[]> => [
  ...(await perEngine((engine) => postingRows(engine))),
  ...(await postingRows({ name: 'SQLite', env: {} }, true)),
];

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await postingTable()) console.log(row.join(' | '));
