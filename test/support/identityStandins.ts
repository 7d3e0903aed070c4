/**
 * The identity providers' stand-ins (server/standins/) on their own loopback port, so the
 * product under test really calls a separate server, as it would call the vendor.
 */
import Fastify, { type FastifyPluginAsync } from 'fastify';
import type { AddressInfo } from 'node:net';

export interface RunningStandin {
  url: string;
  close(): Promise<void>;
}

export async function startStandin<O extends object>(plugin: FastifyPluginAsync<O>, options: O): Promise<RunningStandin> {
  const app = Fastify({ logger: false });
  // Under a path, as the demo serves them (/demo/standin/<provider>): vf must keep a base's path.
  await app.register(plugin, { ...options, cors: true, prefix: '/vendor' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/vendor`, close: () => app.close() };
}
