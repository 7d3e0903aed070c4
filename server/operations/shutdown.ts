/**
 * Graceful shutdown (docs/server.md "Operations"). On SIGTERM or SIGINT the server stops
 * listening (no new connections; a request on a kept-alive connection gets 503), closes every
 * realtime socket with 1012 "Service restart" — the client reconnects with back-off (core/realtime
 * middleware), to this server's successor or another process, and catches up from its last
 * sequence numbers, so it misses nothing — lets the requests in flight finish, and with them the
 * group-commit queues (poll votes, analytics batches) whose writes they wait for, then the
 * onClose hooks send the mail still queued and close Redis and the database, and the process
 * exits 0. If draining takes longer than `VF_DRAIN_SECONDS`, what is left is cut and it exits 1.
 */
import type {} from '@fastify/websocket'; // app.websocketServer
import type { FastifyInstance } from 'fastify';

/** RFC 6455 §7.4 / IANA: the server is restarting; the client may reconnect (after a back-off). */
export const SERVICE_RESTART = 1012;

/** @fastify/websocket's `preClose`: every open socket is told the server restarts. */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void): void {
  for (const socket of this.websocketServer.clients) socket.close(SERVICE_RESTART, 'Service restart');
  done();
}

/** Closes the app on the first SIGTERM or SIGINT (a second SIGINT ends the process at once). */
export function shutdownOnSignals(app: FastifyInstance, drainSeconds: number): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal, drainSeconds, sockets: app.websocketServer.clients.size }, 'shutting down: draining sockets and requests');
    setTimeout(() => {
      app.log.error({ drainSeconds }, 'shutdown: draining took too long; cutting the connections left');
      app.server.closeAllConnections();
      process.exit(1);
    }, drainSeconds * 1000);
    app.close().then(
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
