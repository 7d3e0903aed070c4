/**
 * Coalesces a busy moment's frames into fewer writes per socket. The first frame sent to a socket
 * in an event-loop turn goes out at once; a second one in the same turn corks the socket, and all
 * corked sockets are uncorked together after the turn's I/O (setImmediate). A single event's
 * fan-out is written as before; a busy server, which handles several posts per turn, writes each
 * reader's further frames of the turn with one system call instead of one per frame. Corked bytes
 * count in ws's bufferedAmount, so before a socket is judged slow its corked frames are written
 * out (bufferedOver) and the bound applies to what the reader really left unread.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** Sockets written to in this turn, and those of them corked since. */
const written = new Set<Socket>();
const corked = new Set<Socket>();
let turnEndScheduled = false;

const rawSocket = (ws: WebSocket) => (ws as unknown as { _socket?: Socket })._socket;

function endTurn(): void {
  turnEndScheduled = false;
  written.clear();
  for (const socket of corked) if (!socket.destroyed) socket.uncork();
  corked.clear();
}

/** Call before each frame sent to `ws`: from the second frame of a turn on, they wait for the turn's end. */
export function beforeFrame(ws: WebSocket): void {
  const socket = rawSocket(ws);
  if (!socket || corked.has(socket)) return;
  if (!written.has(socket)) written.add(socket);
  else {
    socket.cork();
    corked.add(socket);
  }
  if (!turnEndScheduled) {
    turnEndScheduled = true;
    setImmediate(endTurn);
  }
}

/**
 * Whether more than `bound` bytes wait to be sent to `ws`, counting only what the reader left
 * unread: frames this turn corked are written out first, then the bound is checked again.
 */
export function bufferedOver(ws: WebSocket, bound: number): boolean {
  if (ws.bufferedAmount <= bound) return false;
  const socket = rawSocket(ws);
  if (!socket || !corked.delete(socket)) return true;
  socket.uncork();
  return ws.bufferedAmount > bound;
}
