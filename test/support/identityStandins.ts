/**
 * The identity providers' stand-ins (server/standins/) on their own loopback port, so the
 * product under test really calls a separate server, as it would call the vendor.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { countRows } from '../server/helpers.ts';

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

/** Runs a refused login and checks it stored nothing (no user, no session); its status and message. */
export async function storesNothing(app: FastifyInstance, refused: () => Promise<{ statusCode: number; json(): unknown }>): Promise<{ status: number; message: string }> {
  const before = [await countRows(app, 'users'), await countRows(app, 'sessions')];
  const response = await refused();
  assert.deepEqual([await countRows(app, 'users'), await countRows(app, 'sessions')], before);
  return { status: response.statusCode, message: (response.json() as { message: string }).message };
}
