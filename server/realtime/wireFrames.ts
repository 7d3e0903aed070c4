/**
 * One event's frame written to thousands of sockets: `ws.send` builds each socket's frame header
 * and writes header and text as two writes under a cork, per socket. The bytes are the same for
 * every socket of a subscription id (a server's frames are never masked, and vf's sockets do not
 * compress), so the whole frame is built once, kept with the shared text it came from, and each
 * socket gets one write of it. A socket whose sender is busy (it never is here: no compression, no
 * Blob data) goes through `ws.send`, which queues behind what it is sending.
 */
import type { Socket } from 'node:net';
import * as ws from 'ws';
import type { WebSocket } from 'ws';

interface SenderLike { _state: number; _queue: unknown[] }
type FrameBuilder = (data: Buffer, options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean }) => Buffer[];

// ws exports its Sender without types.
const buildFrame = (ws as unknown as { Sender: { frame: FrameBuilder } }).Sender.frame;
const TEXT = 0x1;
/** ws's Sender's idle state (lib/sender.js DEFAULT). */
const SENDER_IDLE = 0;

const frames = new WeakMap<Buffer, Buffer>();

/** The unmasked, final text frame carrying `text`, built once per text buffer. */
export function textFrame(text: Buffer): Buffer {
  let frame = frames.get(text);
  if (!frame) {
    frame = Buffer.concat(buildFrame(text, { fin: true, rsv1: false, opcode: TEXT, mask: false, readOnly: true }));
    frames.set(text, frame);
  }
  return frame;
}

/** The TCP socket under a ws socket (ws keeps it as `_socket`). */
export const rawSocket = (webSocket: WebSocket) => (webSocket as unknown as { _socket?: Socket })._socket;

/** Sends `text` as one text frame: one write of the frame shared by every socket it goes to. */
export function sendText(webSocket: WebSocket, text: Buffer): void {
  const sender = (webSocket as unknown as { _sender?: SenderLike })._sender;
  const socket = rawSocket(webSocket);
  if (!socket || !sender || sender._state !== SENDER_IDLE || sender._queue.length > 0) webSocket.send(text, { binary: false });
  else socket.write(textFrame(text));
}
