import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { build, container, postComment, SITE, signup } from './helpers.ts';
import { startRedis } from './multiprocess-infra.ts';
import { connect } from './realtime-client.ts';
import { until } from '../support/until.ts';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/g;

/** Parses exposition format 0.0.4; fails on any line that is neither a comment nor a sample. */
function parseMetrics(text: string): Sample[] {
  assert.ok(text.endsWith('\n'), 'the exposition ends with a line feed');
  const samples: Sample[] = [];
  for (const line of text.split('\n').filter(Boolean)) {
    if (line.startsWith('#')) {
      assert.match(line, /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/, line);
      continue;
    }
    const match = SAMPLE.exec(line);
    assert.ok(match, `not a sample: ${line}`);
    const [, name, labelText = '', raw] = match;
    const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map(([, key, value]) => [key!, value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))]));
    const value = raw === '+Inf' ? Infinity : Number(raw);
    assert.ok(!Number.isNaN(value), `not a number: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

async function scrape(app: FastifyInstance): Promise<Sample[]> {
  const response = await app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(response.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  assert.equal(response.headers['cache-control'], 'no-store');
  return parseMetrics(response.body);
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('/readyz', () => {
  test('ready while the database answers, not cached, never limited', async (t) => {
    const app = await build(t);
    for (let i = 0; i < 30; i++) {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ready' });
      assert.equal(response.headers['cache-control'], 'no-store');
    }
  });

  test('503 naming the database when it does not answer', async (t) => {
    const app = await build(t);
    await app.db.destroy();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 503);
    const body = response.json() as { status: string; failed: Record<string, string> };
    assert.equal(body.status, 'not ready');
    assert.deepEqual(body.failed, { database: 'error' });
  });

  test('with REDIS_URL, Redis must answer too: 503 naming redis once it is gone', async (t) => {
    const redis = await startRedis();
    t.after(() => redis.stop());
    const app = await build(t, { REDIS_URL: redis.url });
    assert.deepEqual((await app.inject({ method: 'GET', url: '/readyz' })).json(), { status: 'ready' });
    await redis.stop();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(response.statusCode, 503);
    const { failed } = response.json() as { failed: Record<string, string> };
    assert.deepEqual(Object.keys(failed), ['redis']);
    assert.ok(['error', 'timeout'].includes(failed['redis']!));
  });
});

describe('/metrics', () => {
  test('parses, and a request is counted under its route pattern, not its raw path', async (t) => {
    const app = await build(t);
    const page = await container(app);
    const events = await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${page.content_container_uuid}/events?after=0` });
    assert.equal(events.statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: `/no/such/${SITE}` })).statusCode, 404);
    const samples = await scrape(app);
    const latency = samples.filter((s) => s.name.startsWith('vf_http_request_duration_seconds'));
    assert.ok(latency.every((s) => !Object.values(s.labels).some((v) => v.includes(SITE))), 'no raw ids in labels');
    const route = { method: 'GET', route: '/api/comments/:section/:container/events', status: '2xx' };
    assert.equal(valueOf(samples, 'vf_http_request_duration_seconds_count', route), 1);
    assert.equal(valueOf(samples, 'vf_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }), 1);
    assert.ok(valueOf(samples, 'vf_http_request_duration_seconds_sum', route)! > 0);
    assert.equal(valueOf(samples, 'vf_http_request_duration_seconds_count', { route: 'unmatched', status: '4xx' }), 1);
    // Buckets are cumulative.
    const buckets = latency.filter((s) => s.name.endsWith('_bucket') && s.labels['route'] === route.route).map((s) => s.value);
    assert.deepEqual(buckets, [...buckets].sort((a, b) => a - b));
    for (const queue of ['poll_votes', 'analytics_ingest', 'webhook_deliveries', 'content_followups']) assert.equal(valueOf(samples, 'vf_queue_depth', { queue }), 0);
    assert.ok(valueOf(samples, 'process_resident_memory_bytes')! > 0);
    assert.ok(valueOf(samples, 'nodejs_eventloop_lag_seconds')! >= 0);
  });

  test('websocket connections move the gauge; published and delivered events are counted', async (t: TestContext) => {
    const app = await build(t);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const me = await signup(app);
    const page = await container(app);
    const before = await scrape(app);
    assert.equal(valueOf(before, 'vf_websocket_connections'), 0);
    const published = valueOf(before, 'vf_realtime_events_published_total')!;
    const delivered = valueOf(before, 'vf_realtime_events_delivered_total')!;

    const client = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
    await client.subscribe('c', page.content_container_uuid);
    assert.equal(valueOf(await scrape(app), 'vf_websocket_connections'), 1);
    await postComment(app, me.access_token, page.content_container_uuid, 'counted');
    assert.equal((await client.nextEvent()).event, 'created');
    const after = await scrape(app);
    assert.equal(valueOf(after, 'vf_realtime_events_published_total'), published + 1);
    assert.equal(valueOf(after, 'vf_realtime_events_delivered_total'), delivered + 1);

    client.socket.close();
    await until(async () => valueOf(await scrape(app), 'vf_websocket_connections') === 0, 3_000, 'the gauge is back to 0', 20);
  });

  test('without VF_METRICS_TOKEN only loopback clients may read it', async (t) => {
    const app = await build(t);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      assert.equal((await app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, 200, remoteAddress);
    }
    for (const remoteAddress of ['203.0.113.5', '2001:db8::1']) {
      assert.equal((await app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode, 403, remoteAddress);
    }
  });

  test('with VF_METRICS_TOKEN the bearer token is needed, from anywhere', async (t) => {
    const token = 'metrics-token-0123456789';
    const app = await build(t, { VF_METRICS_TOKEN: token });
    const get = (headers: Record<string, string>, remoteAddress = '203.0.113.5') => app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
    assert.equal((await get({})).statusCode, 401);
    assert.equal((await get({}, '127.0.0.1')).statusCode, 401);
    assert.equal((await get({ authorization: 'Bearer wrong' })).statusCode, 401);
    assert.equal((await get({ authorization: `Bearer ${token}x` })).statusCode, 401);
    const ok = await get({ authorization: `Bearer ${token}` });
    assert.equal(ok.statusCode, 200);
    assert.ok(parseMetrics(ok.body).length > 0);
  });
});
