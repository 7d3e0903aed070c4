/** A ws test client that queues incoming frames so a test can await them in order. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { TestContext } from 'node:test';
import { WebSocket } from 'ws';
import type { ContentEvent, ServerFrame } from '../../core/api/types.ts';

export class Client {
  private readonly frames: ServerFrame[] = [];
  private waiting: ((frame: ServerFrame) => void) | null = null;
  /** Binary frames received: the protocol is JSON text, and browsers would get a Blob. */
  binaryFrames = 0;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames++;
      const frame = JSON.parse(data.toString()) as ServerFrame;
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(frame);
      } else this.frames.push(frame);
    });
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  next(timeoutMs = 5000): Promise<ServerFrame> {
    assert.equal(this.binaryFrames, 0, 'every server frame is a text frame');
    const queued = this.frames.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = (frame) => {
        clearTimeout(timer);
        resolve(frame);
      };
    });
  }

  /** The next frame, which must be an event; returns its data. */
  async nextEvent(timeoutMs = 5000): Promise<ContentEvent> {
    const frame = await this.next(timeoutMs);
    assert.equal(frame.type, 'event', JSON.stringify(frame));
    return (frame as { data: ContentEvent }).data;
  }

  /** Subscribes to one container and returns the latest seq the server reported for it. */
  async subscribe(id: string, container: string): Promise<number> {
    this.send(subscribeFrame(id, container));
    const reply = await this.next();
    assert.equal(reply.type, 'subscribe_success', JSON.stringify(reply));
    assert.equal(reply.type === 'subscribe_success' && reply.subscription_id, id);
    return (reply.type === 'subscribe_success' && reply.seqs?.[container]) || 0;
  }

  /** Proves nothing else was queued: a keep_alive round trip comes back as the very next frame. */
  async expectNothingPending(): Promise<void> {
    this.send({ type: 'keep_alive' });
    assert.deepEqual(await this.next(), { type: 'keep_alive' });
  }
}

export const subscribeFrame = (id: string, container: string) => ({
  type: 'subscribe',
  subscription_id: id,
  filter: { one_of: [{ key: 'content_container_uuid', values: [container] }] },
});

export async function connect(t: TestContext, url: string, origin?: string): Promise<Client> {
  const socket = new WebSocket(url, origin ? { origin } : {});
  t.after(() => socket.terminate());
  await once(socket, 'open');
  return new Client(socket);
}
