// Posting under load (issue 35): a conversation of 10,000 comments on the real server (the posting
// limit off, the guest cache on as in production), 50 signed-in readers on 50 connections post
// 2,000 comments to it as fast as they are answered; posts per second, p50 / p99 latency, and how
// many of the 2,000 are stored. SQLite, and PostgreSQL when DATABASE_URL is set.
// `node --import tsx bench/posting.ts`; its rows are in `npm run bench`.
import autocannon from 'autocannon';
import { openDatabase } from '../server/storage/engine.ts';
import { DEMO_SITE } from '../server/seed.ts';
import { type Engine, onLargeContainer, perEngine, readerToken, type Row } from './comments-list.ts';

const COMMENTS = 10_000;
const CONNECTIONS = 50;
const POSTS = 2_000;
const AIM = '≥ 1,000 posts/s, p99 ≤ 100 ms, 2,000 of 2,000 stored';

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

function postingRows(engine: Engine): Promise<Row[]> {
  return onLargeContainer(engine, COMMENTS, {}, async ({ origin, container, dataDir }) => {
    const url = `${origin}/api/comments/${DEMO_SITE.uuid}/${container}/comments`;
    const tokens = await Promise.all(Array.from({ length: CONNECTIONS }, () => readerToken(origin)));
    let next = 0;
    const before = await storedIn(engine, dataDir, container);
    const start = performance.now();
    const result = await autocannon({
      url, method: 'POST', connections: CONNECTIONS, amount: POSTS,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Posting bench: the river walk is cooler in the evening.' }),
      // Each connection is its own reader.
      setupClient: (client) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` }),
    });
    const seconds = (performance.now() - start) / 1000; // autocannon's own duration is in whole seconds
    const stored = (await storedIn(engine, dataDir, container)) - before;
    const perSecond = Math.round(result['2xx'] / seconds);
    const failed = result.errors + result.non2xx;
    return [
      [`posting, ${COMMENTS.toLocaleString('en')} comments on the page (${engine.name}, ${CONNECTIONS} connections)`,
        `${perSecond} posts/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`, AIM],
      ['  stored', `${stored} of ${POSTS}${failed > 0 ? `, ${failed} failed` : ''}`, ''],
    ];
  }, true);
}

export const postingTable = (): Promise<Row[]> => perEngine(postingRows);

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await postingTable()) console.log(row.join(' | '));
