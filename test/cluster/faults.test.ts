/**
 * Faults under a running cluster, through nginx (issue 47): one `npm run cluster` lives through
 * three in turn — a vf process killed with kill -9, Redis stopped for 10 s then started again on
 * its port, PostgreSQL restarted — while readers keep live sockets and writers post. During each
 * fault the errors are clear 503s with Retry-After (never a 500 or nginx's 502) and /readyz on each
 * process names what is down; after it, no error, and live updates resume within 5 s of the fault
 * ending: a new comment reaches the readers, and probes pinned to each process. No acknowledged
 * comment is lost, and every reader applied each one exactly once.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { postgresControl, startRedis, type RedisService } from '../../scripts/cluster/services.ts';
import { audit, Reader } from './reader.ts';
import { type Answer, account, Cluster, describeFailures, latestSeq, newContainer, postComment, readyz, Recorder, storedComments, until, Writers } from './support.ts';

/** Readers through nginx (the rolling-restart test has the 200), and two writers: 5 posts/s. */
const READERS = 60;
const WRITERS = 2;
const WRITER_EVERY_MS = 400;
const REDIS_OUTAGE_MS = 10_000;
/** The bound: live updates again within 5 s of a fault's end. */
const LIVE_AGAIN_MS = 5000;

const execute = promisify(execFile);
/** A command of postgresControl, run without blocking the readers and writers meanwhile. */
const runCommand = ([file, ...args]: string[]) => execute(file!, args);

const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

interface Fault {
  name: string;
  began: number;
  /** The fault is over: the process is back, Redis or PostgreSQL answers again. */
  ended: number;
  /** Every process's /readyz answers 200 again. */
  recovered: number;
  /** When the comment posted after it had reached every reader and probe. */
  liveAgain: number;
}

test('faults behind nginx: kill -9, Redis away 10 s, PostgreSQL restarted — clear 503s, live again within 5 s, nothing acknowledged lost', { timeout: 240_000 }, async (t) => {
  const cluster = await Cluster.start(3);
  const recorder = new Recorder();
  const readers: Reader[] = [];
  let probes: Reader[] = [];
  let writers: Writers | null = null;
  let redis: RedisService | null = null;
  let passed = false;
  try {
    const container = await newContainer(cluster, `faults-${Date.now()}`);
    const tokens = await Promise.all(Array.from({ length: WRITERS + 1 }, (_, i) => account(cluster, `faults-writer-${i}`)));
    for (let i = 0; i < READERS; i++) readers.push(new Reader(cluster, recorder, container));
    // A probe on each process's own port (reconnecting every 200 ms): "live again" on every process.
    probes = cluster.state().processes.map((p) => new Reader(cluster, recorder, container, p.port));
    const everyone = [...readers, ...probes];
    await Promise.all(everyone.map((reader) => reader.start()));
    writers = new Writers(cluster, recorder, container, tokens.slice(1), WRITER_EVERY_MS);
    writers.start();
    const acknowledged = writers.acknowledged;
    await until(() => acknowledged.size >= 10, 20_000, 'the writers posting before the first fault');

    const ports = () => cluster.state().processes.map((p) => p.port);
    const faults: Fault[] = [];
    const readyzSeen: string[] = [];
    /** Injects a fault and ends it; then waits for every process to be ready and a new comment to reach everyone. */
    const fault = async (name: string, inject: () => Promise<void>) => {
      const began = Date.now();
      await inject();
      const ended = Date.now();
      await until(async () => (await Promise.all(ports().map(readyz))).every((r) => r.status === 200), 30_000, `every process ready after: ${name}`, 100);
      const recovered = Date.now();
      const marker = await postComment(cluster, recorder, container, tokens[0]!, `After ${name}: live again?`);
      assert.ok(marker, `the first comment after ${name} is acknowledged`);
      acknowledged.add(marker);
      await until(() => everyone.every((reader) => reader.has(marker)), 30_000, `the comment posted after ${name} reaching every reader and probe`);
      faults.push({ name, began, ended, recovered, liveAgain: Date.now() });
    };

    await fault('kill -9 of process 2', async () => {
      const victim = cluster.state().processes[1]!;
      process.kill(victim.pid, 'SIGKILL');
      const [down, others] = [await readyz(victim.port), await Promise.all([0, 2].map((i) => readyz(cluster.state().processes[i]!.port)))];
      readyzSeen.push(`killed process: ${down.status}; the others: ${others.map((r) => r.status).join(', ')}`);
      assert.equal(down.status, 0, 'the killed process answers nothing');
      assert.deepEqual(others.map((r) => r.status), [200, 200], 'the other processes stay ready');
      await until(() => cluster.state().processes[1]!.pid !== victim.pid, 30_000, 'the supervisor restarting process 2', 100);
      await until(async () => (await readyz(victim.port)).status === 200, 30_000, 'process 2 ready again', 100);
    });

    await fault(`Redis stopped for ${REDIS_OUTAGE_MS / 1000} s`, async () => {
      const { pid, port } = cluster.state().redis;
      const stopped = Date.now();
      process.kill(pid, 'SIGTERM');
      await until(() => gone(pid), 10_000, 'redis-server gone');
      await until(async () => (await Promise.all(ports().map(readyz))).every((r) => r.status === 503 && r.failed.includes('redis')), REDIS_OUTAGE_MS - 1000,
        '/readyz on every process naming redis', 100);
      readyzSeen.push(`Redis down: every process answered 503 naming ${JSON.stringify((await readyz(ports()[0]!)).failed)} after ${Date.now() - stopped} ms`);
      await new Promise((resolve) => setTimeout(resolve, REDIS_OUTAGE_MS - (Date.now() - stopped))); // the 10 s outage
      redis = await startRedis(port);
    });

    await fault('PostgreSQL restarted', async () => {
      // Stopped, then started, as `pg_ctl restart` does; in two steps, so that /readyz can be seen
      // naming the database in between (a restart takes under a second).
      const { dir, port } = cluster.state().postgres;
      const control = postgresControl(dir, port); // as scripts/cluster/services.ts started it
      const stopped = Date.now();
      await runCommand(control.stop);
      await until(async () => (await Promise.all(ports().map(readyz))).every((r) => r.status === 503 && r.failed.includes('database')), 15_000,
        '/readyz on every process naming the database', 100);
      readyzSeen.push(`PostgreSQL down: every process answered 503 naming ${JSON.stringify((await readyz(ports()[0]!)).failed)} after ${Date.now() - stopped} ms`);
      await runCommand(control.start);
    });

    await writers.stop();
    const latest = await latestSeq(cluster, container);
    await until(() => everyone.every((reader) => reader.subscribed && reader.lastSeq() >= latest), 30_000, `every reader live and caught up to event ${latest}`, 100);

    const first = faults[0]!.began;
    const during = (answer: Answer) => faults.some((f) => answer.started <= f.recovered && answer.ended >= f.began);
    const failures = recorder.failures();
    // A clear 503: Retry-After, and vf's error envelope (nginx's own 503 has it too: vf-proxy.conf).
    const clear503 = (answer: Answer) => answer.status === 503 && !!answer.retryAfter && /"error_status":\s*503/.test(answer.body);
    // A kill -9 cuts the sockets it held (1006): expected during the fault, an error outside one.
    const expected = (answer: Answer) => during(answer) && (answer.what === 'websocket cut' || clear503(answer));
    const unclear = failures.filter((answer) => !expected(answer));
    const audits = everyone.map((reader) => audit(reader, acknowledged));
    const stored = await storedComments(cluster, container);
    for (const f of faults) {
      t.diagnostic(`${f.name}: fault lasted ${f.ended - f.began} ms; all ready ${f.recovered - f.ended} ms after; live again ${f.liveAgain - f.ended} ms after its end; `
        + `${failures.filter((a) => a.started <= f.recovered && a.ended >= f.began).length} failed answers during it`);
    }
    t.diagnostic(`/readyz: ${readyzSeen.join('; ')}`);
    t.diagnostic(`${acknowledged.size} comments acknowledged of ${recorder.answers.filter((a) => a.what === 'post').length} posted; `
      + `failed answers: ${describeFailures(failures, first).split(';')[0]}; reconnects ${everyone.reduce((n, r) => n + r.connects - 1, 0)}`);

    // Every count at once, so one run says everything that went wrong.
    assert.deepEqual({
      errorsNotA503WithRetryAfterDuringAFault: unclear.filter(during).length,
      errorsOutsideTheFaults: unclear.filter((answer) => !during(answer)).length,
      faultsLiveAgainLate: faults.filter((f) => f.liveAgain - f.ended > LIVE_AGAIN_MS).map((f) => f.name),
      readersMissingComments: audits.filter((a) => a.missing.length).length,
      readersWithDoubledComments: audits.filter((a) => a.doubled.length).length,
      readersWithGaps: audits.filter((a) => a.gaps).length,
      acknowledgedNotStored: [...acknowledged].filter((uuid) => !stored.has(uuid)).length,
    }, {
      errorsNotA503WithRetryAfterDuringAFault: 0, errorsOutsideTheFaults: 0, faultsLiveAgainLate: [],
      readersMissingComments: 0, readersWithDoubledComments: 0, readersWithGaps: 0, acknowledgedNotStored: 0,
    }, `${describeFailures(unclear, first)}\n${cluster.logs()}`);
    passed = true;
  } finally {
    await writers?.stop();
    for (const reader of [...readers, ...probes]) reader.stop();
    await cluster.stop(!passed);
    await (redis as RedisService | null)?.stop(); // the Redis this test started; the cluster stopped its own
  }
});
