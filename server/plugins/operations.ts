/**
 * Operations endpoints (docs/server.md "Operations"): `/readyz` (the database, and Redis when the
 * realtime bridge uses it, answer) and Prometheus `/metrics` (request latency by route pattern,
 * open sockets, realtime events, queue depths, memory, event-loop lag). `/healthz` is in
 * routes/static.ts. Registered before the route plugins: its hook times every route, and route
 * plugins file their queues in `app.queueDepths`.
 */
import type {} from '@fastify/websocket'; // app.websocketServer: its clients are the open /ws sockets
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { isLoopbackHost } from '../config.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { EXPOSITION_CONTENT_TYPE, family, Histogram } from '../operations/index.ts';
import { sends } from '../routes/schemas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queue name → its depth now (`vf_queue_depth{queue=…}`); route plugins add theirs. */
    queueDepths: Map<string, () => number>;
  }
}

/** How long /readyz waits for a dependency before calling it failed. */
export const READY_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

class TimedOut extends Error {}

/**
 * The dependencies that failed, by name: `timeout` or `error` (empty: ready). The why is logged,
 * not answered: /readyz has no auth, and a driver's message can name internal hosts.
 */
async function failedDependencies(app: FastifyInstance): Promise<Record<string, string>> {
  const checks: [string, () => Promise<unknown>][] = [['database', () => sql`SELECT 1`.execute(app.db)]];
  const redisPing = app.redisPing;
  if (redisPing) checks.push(['redis', redisPing]);
  const failed: Record<string, string> = {};
  await Promise.all(checks.map(async ([name, check]) => {
    try {
      await withTimeout(check(), READY_TIMEOUT_MS);
    } catch (error) {
      failed[name] = error instanceof TimedOut ? 'timeout' : 'error';
      app.log.warn({ err: error, dependency: name }, 'readiness check failed');
    }
  }));
  return failed;
}

/** The lag of one turn of the event loop, in seconds (what prom-client measures). */
function eventLoopLag(): Promise<number> {
  const start = process.hrtime.bigint();
  return new Promise((resolve) => setImmediate(() => resolve(Number(process.hrtime.bigint() - start) / 1e9)));
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export default fp<{ metricsToken: string | null }>(
  async (app, { metricsToken }) => {
    app.decorate('queueDepths', new Map<string, () => number>());
    const latency = new Histogram('vf_http_request_duration_seconds', 'HTTP request latency by method, route pattern and status class.');
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw URL (ids would make a series each); unmatched requests share one.
      const route = request.routeOptions.url ?? 'unmatched';
      latency.observe({ method: request.method, route, status: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const expected = metricsToken ? Buffer.from(`Bearer ${metricsToken}`) : null;
    const mayRead = (request: FastifyRequest) => {
      if (!expected) {
        if (!isLoopbackHost(request.ip)) throw forbidden('/metrics answers only this machine unless VF_METRICS_TOKEN is set');
        return;
      }
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    };

    const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
    const readySchema = {
      type: 'object',
      additionalProperties: false,
      properties: { status: { type: 'string' }, failed: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['status'],
    };
    app.get('/readyz', { schema: { querystring: { type: 'object' }, response: { 200: readySchema, 503: readySchema } } }, async (_request, reply) => {
      noStore(reply);
      const failed = await failedDependencies(app);
      if (Object.keys(failed).length === 0) return { status: 'ready' };
      return reply.code(503).send({ status: 'not ready', failed });
    });

    const metricsSchema = {
      querystring: { type: 'object' },
      response: { 200: sends('Prometheus text exposition format 0.0.4', 'text/plain') },
    };
    app.get('/metrics', { schema: metricsSchema }, async (request, reply) => {
      mayRead(request);
      noStore(reply);
      const hub = app.hub;
      const queues = [...app.queueDepths].map(([queue, depth]) => ({ labels: { queue }, value: depth() }));
      const text = [
        latency.render(),
        family('vf_websocket_connections', 'gauge', 'Open realtime (/ws) sockets on this process.', [{ value: app.websocketServer.clients.size }]),
        family('vf_realtime_events_published_total', 'counter', 'Content events published by this process.', [{ value: hub.published }]),
        family('vf_realtime_events_delivered_total', 'counter', 'Event frames delivered to sockets of this process.', [{ value: hub.delivered }]),
        family('vf_queue_depth', 'gauge', 'Items waiting in a group-commit queue.', queues),
        family('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [{ value: process.memoryUsage.rss() }]),
        family('nodejs_eventloop_lag_seconds', 'gauge', 'Lag of one event-loop turn, measured at the scrape.', [{ value: await eventLoopLag() }]),
      ].join('\n');
      return reply.type(EXPOSITION_CONTENT_TYPE).send(`${text}\n`);
    });
  },
  { name: 'vf-operations', dependencies: ['@fastify/websocket', 'vf-storage', 'vf-realtime'] },
);

