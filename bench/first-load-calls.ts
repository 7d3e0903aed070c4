// When the combined first-load call pays: a conversation's container and first page fetched the way
// <vf-conversations> does (GET contentcontainer/id, then GET …/comments) against the one call
// `GET /{s}?container_id=` (content.md §7), through a loopback proxy that delays every packet by
// half the round-trip time each way, as a reader's network would. Keep-alive connections, as a
// browser keeps them; the two orders alternate; medians of 15 loads each.
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { Agent, request } from 'node:http';
import { startServer } from '../test/support/serve.mjs';
import { seedConversation } from './seed.ts';
import { median } from './stats.ts';

const ROUND_TRIPS_MS = [0, 20, 50, 150];
const LOADS = 15;

/** A TCP proxy on 127.0.0.1 that forwards to `port`, each chunk `delayMs` later in each direction. */
async function latencyProxy(port: number, delayMs: number): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => (delayMs ? setTimeout(() => to.write(chunk), delayMs) : to.write(chunk)));
    from.on('end', () => setTimeout(() => to.end(), delayMs));
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) sockets.add(socket);
    relay(client, upstream);
    relay(upstream, client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    },
  };
}

function get(agent: Agent, port: number, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${path} → ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}


export async function firstLoadCallRows(): Promise<Array<[string, string, string]>> {
  const server = await startServer();
  const rows: Array<[string, string, string]> = [];
  try {
    const { listUrl } = await seedConversation(server.origin, 30);
    const [, section, containerUuid] = /\/api\/comments\/([^/]+)\/([^/]+)\/comments/.exec(listUrl)!;
    const page = 'limit=10&reply_limit=2&sorted_by=newest';
    const containerId = 'demo-article-river-trees';
    const upstream = Number(new URL(server.origin).port);
    for (const rtt of ROUND_TRIPS_MS) {
      const proxy = await latencyProxy(upstream, rtt / 2);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const two: number[] = [];
        const one: number[] = [];
        await get(agent, proxy.port, `/api/comments/${section}?container_id=${containerId}&${page}`); // opens the connection
        for (let i = 0; i < LOADS; i++) {
          let started = performance.now();
          await get(agent, proxy.port, `/api/comments/${section}/contentcontainer/id?container_id=${containerId}`);
          await get(agent, proxy.port, `/api/comments/${section}/${containerUuid}/comments?${page}`);
          two.push(performance.now() - started);
          started = performance.now();
          await get(agent, proxy.port, `/api/comments/${section}?container_id=${containerId}&${page}`);
          one.push(performance.now() - started);
        }
        const [a, b] = [median(two), median(one)];
        rows.push([
          `first load at ${rtt} ms RTT: container + list / one call`,
          `${a.toFixed(1)} ms / ${b.toFixed(1)} ms`,
          `one call saves ${(a - b).toFixed(1)} ms`,
        ]);
      } finally {
        agent.destroy();
        proxy.close();
      }
    }
  } finally {
    await server.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await firstLoadCallRows()) console.log(row.join(' | '));
}
