/**
 * Graceful shutdown (docs/server.md "Operations", docs/production.md "Upgrades"). On SIGTERM or
 * SIGINT the server drains in two steps, so that a reverse proxy in front of several processes
 * (deploy/nginx/vf-proxy.conf) loses no request while one of them restarts:
 *
 * 1. It stops listening — only the listening socket: a proxy's new connection is refused, and the
 *    proxy tries the next process — refuses websocket upgrades (503: the proxy tries the next
 *    process), and closes every realtime socket with 1012 "Service restart":
 *    the client reconnects with back-off (core/realtime middleware), through the proxy to another
 *    process or this one's successor, and catches up from its last sequence numbers. Connections
 *    already open stay open: a request on one is answered as usual, with `Connection: close`, so the
 *    proxy never sends on a connection the server is closing. Behind a proxy (VF_TRUST_PROXY set)
 *    the ones still idle after IDLE_CLOSE_MS are closed: the proxy has let go of them by then;
 *    without one, idle connections are closed at once (a browser sends again on a new one).
 * 2. When no connection is left, the app closes: the group-commit queues (poll votes, analytics
 *    batches) are written, the onClose hooks send the mail still queued and close Redis and the
 *    database, and the process exits 0.
 *
 * If draining takes longer than `VF_DRAIN_SECONDS`, what is left is cut and it exits 1.
 */
import type {} from '@fastify/websocket'; // app.websocketServer
import type { FastifyInstance } from 'fastify';
import { Server } from 'node:net';
import type { Duplex } from 'node:stream';

/** RFC 6455 §7.4 / IANA: the server is restarting; the client may reconnect (after a back-off). */
export const SERVICE_RESTART = 1012;
/**
 * When draining closes the kept-alive connections still idle: longer than a proxy keeps an idle
 * upstream connection (4 s: `keepalive_timeout` in deploy/nginx/vf-upstream.conf), so the proxy has
 * let go of each of them before; a connection used since the signal was closed after its answer.
 */
export const IDLE_CLOSE_MS = 5000;

/** @fastify/websocket's `preClose`: every open socket is told the server restarts. */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void): void {
  for (const socket of this.websocketServer.clients) socket.close(SERVICE_RESTART, 'Service restart');
  done();
}

/**
 * While draining, a websocket upgrade (on a connection the proxy opened before) is answered 503 and
 * its connection closed: the proxy sends it to another process (deploy/nginx/vf-proxy.conf:
 * `proxy_next_upstream … http_503` for /ws), instead of a socket this process would cut.
 */
function refuseUpgrades(app: FastifyInstance): void {
  app.server.removeAllListeners('upgrade');
  app.server.on('upgrade', (_request, socket: Duplex) => {
    socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n');
  });
}

/** Closes the app on the first SIGTERM or SIGINT (a second SIGINT ends the process at once). */
export function shutdownOnSignals(app: FastifyInstance, drainSeconds: number, behindProxy: boolean): void {
  let draining = false;
  // While draining, every answer closes its connection: the proxy opens its next one to a process
  // that listens. Before Fastify's own listener, which may answer at once.
  app.server.prependListener('request', (_request, response) => {
    if (draining) response.setHeader('connection', 'close');
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    const started = Date.now();
    app.log.info({ signal, drainSeconds, sockets: app.websocketServer.clients.size }, 'shutting down: draining sockets and requests');
    setTimeout(() => {
      app.log.error({ drainSeconds }, 'shutdown: draining took too long; cutting the connections left');
      app.server.closeAllConnections();
      process.exit(1);
    }, drainSeconds * 1000).unref();
    // net.Server's close, not http.Server's: that one would also close idle kept-alive connections,
    // which a proxy may be sending a request on at this very moment. It calls back once no
    // connection is left (websockets included).
    const connectionsClosed = new Promise<void>((resolve) => Server.prototype.close.call(app.server, () => resolve()));
    refuseUpgrades(app);
    closeSocketsForRestart.call(app, () => {});
    const idleClose = setTimeout(() => app.server.closeIdleConnections(), behindProxy ? IDLE_CLOSE_MS : 0);
    connectionsClosed
      .then(() => {
        clearTimeout(idleClose);
        return app.close();
      })
      .then(
        () => {
          app.log.info({ ms: Date.now() - started }, 'shut down');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
