/**
 * An upgrade by rolling restart, through nginx (issue 47, docs/production.md "Upgrades"): three
 * vf processes behind deploy/nginx's rules (`npm run cluster`), each in turn stopped with SIGTERM
 * and started again by its supervisor, while 200 readers keep live sockets and writers post.
 * Nothing fails: a draining process answers what it holds and closes its sockets with 1012; nginx
 * sends new requests to the others; the readers reconnect (to another process or the restarted
 * one) and catch up. Every acknowledged comment is stored and reached every reader exactly once.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { audit, Reader } from './reader.ts';
import { account, Cluster, describeFailures, latestSeq, newContainer, readyz, Recorder, storedComments, until, Writers } from './support.ts';

const READERS = 200;
/** Four writers, one post each every 500 ms: 8 posts/s. */
const WRITERS = 4;
const WRITER_EVERY_MS = 500;

test('rolling restart behind nginx: 0 failed requests, 0 lost or doubled live events, 0 acknowledged writes lost', { timeout: 240_000 }, async (t) => {
  const cluster = await Cluster.start(3);
  const recorder = new Recorder();
  const readers: Reader[] = [];
  let writers: Writers | null = null;
  let passed = false;
  try {
    const container = await newContainer(cluster, `rolling-restart-${Date.now()}`);
    const tokens = await Promise.all(Array.from({ length: WRITERS }, (_, i) => account(cluster, `rolling-writer-${i}`)));
    for (let i = 0; i < READERS; i++) readers.push(new Reader(cluster, recorder, container));
    await Promise.all(readers.map((reader) => reader.start()));
    writers = new Writers(cluster, recorder, container, tokens, WRITER_EVERY_MS);
    writers.start();
    const acknowledged = writers.acknowledged;
    await until(() => acknowledged.size >= 20, 20_000, 'the writers posting before the first restart');

    const began = Date.now();
    const restarts: string[] = [];
    for (const [index, before] of cluster.state().processes.entries()) {
      const signalled = Date.now();
      const postedBefore = acknowledged.size;
      process.kill(before.pid, 'SIGTERM');
      await until(() => cluster.state().processes[index]!.pid !== before.pid, 60_000, `process ${index + 1} restarted (new pid in cluster.json)`, 100);
      await until(async () => (await readyz(before.port)).status === 200, 60_000, `process ${index + 1} ready again on port ${before.port}`, 100);
      restarts.push(`process ${index + 1} SIGTERM at +${signalled - began} ms, ready again after ${Date.now() - signalled} ms, ${acknowledged.size - postedBefore} comments acknowledged meanwhile`);
    }
    // Writers keep on a moment with all three processes new, then stop.
    const afterRestarts = acknowledged.size;
    await until(() => acknowledged.size >= afterRestarts + 20, 20_000, 'the writers posting after the last restart');
    await writers.stop();

    const latest = await latestSeq(cluster, container);
    await until(() => readers.every((reader) => reader.subscribed && reader.lastSeq() >= latest), 30_000, `every reader live and caught up to event ${latest}`, 100);

    const closes = new Map<number, number>();
    for (const reader of readers) for (const [code, n] of reader.closes) closes.set(code, (closes.get(code) ?? 0) + n);
    const audits = readers.map((reader) => audit(reader, acknowledged));
    const catchUps = recorder.answers.filter((answer) => answer.what === 'catch-up').length;
    t.diagnostic(`restarts: ${restarts.join('; ')}`);
    t.diagnostic(`${acknowledged.size} comments acknowledged of ${recorder.answers.filter((a) => a.what === 'post').length} posted; ${catchUps} catch-up calls; `
      + `socket closes by code ${JSON.stringify(Object.fromEntries(closes))}; reconnects ${readers.reduce((n, r) => n + r.connects - 1, 0)}; `
      + `events the readers got twice and dropped (socket and catch-up overlapping) ${readers.reduce((n, r) => n + r.duplicatesDropped, 0)}`);

    const stored = await storedComments(cluster, container);
    const failures = recorder.failures();
    // Every count at once, so one run says everything that went wrong.
    assert.deepEqual({
      failedRequests: failures.length,
      readersMissingComments: audits.filter((a) => a.missing.length).length,
      readersWithDoubledComments: audits.filter((a) => a.doubled.length).length,
      readersWithGaps: audits.filter((a) => a.gaps).length,
      readersNeverMoved: readers.filter((reader) => reader.connects < 2).length,
      acknowledgedNotStored: [...acknowledged].filter((uuid) => !stored.has(uuid)).length,
    }, {
      failedRequests: 0, readersMissingComments: 0, readersWithDoubledComments: 0, readersWithGaps: 0, readersNeverMoved: 0, acknowledgedNotStored: 0,
    }, `${describeFailures(failures, began)}\n${cluster.logs()}`);
    passed = true;
  } finally {
    await writers?.stop();
    for (const reader of readers) reader.stop();
    await cluster.stop(!passed);
  }
});
