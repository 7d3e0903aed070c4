/**
 * Coalesces a busy stream's frames into fewer writes per socket. Time runs in windows of
 * WINDOW_MS. A socket's first frame of a window goes out at once, unless the socket also had
 * frames in the window before (a steady stream: a busy conversation); its other frames of the
 * window, and a steady stream's first, cork the socket, and all corked sockets are uncorked
 * together at the window's end. A quiet socket's frame is written at once as before; a reader of
 * a conversation taking 200 comments a second gets each window's frames with one system call
 * instead of one per frame, and so does nginx in front of it (it relays the bytes as they come).
 * Corked bytes count in ws's bufferedAmount, so before a socket is judged slow its corked frames
 * are written out (bufferedOver) and the bound applies to what the reader really left unread.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** How long a steady stream's frames wait at most to go out together. */
export const WINDOW_MS = 50;

/** Sockets written to in this window and the one before, and those corked until this one ends. */
let written = new Set<Socket>();
let before = new Set<Socket>();
const corked = new Set<Socket>();
let windowTimer: NodeJS.Timeout | null = null;

const rawSocket = (ws: WebSocket) => (ws as unknown as { _socket?: Socket })._socket;

function endWindow(): void {
  for (const socket of corked) if (!socket.destroyed) socket.uncork();
  corked.clear();
  before = written;
  written = new Set();
  // Quiet now: no window runs until the next frame.
  windowTimer = before.size > 0 ? setTimeout(endWindow, WINDOW_MS) : null;
}

/** Call before each frame sent to `ws`: it goes out at once, or with the rest of the window. */
export function beforeFrame(ws: WebSocket): void {
  const socket = rawSocket(ws);
  if (!socket || corked.has(socket)) return;
  if (written.has(socket) || before.has(socket)) {
    socket.cork();
    corked.add(socket);
  }
  written.add(socket);
  windowTimer ??= setTimeout(endWindow, WINDOW_MS);
}

/**
 * Whether more than `bound` bytes wait to be sent to `ws`, counting only what the reader left
 * unread: frames this window corked are written out first, then the bound is checked again.
 */
export function bufferedOver(ws: WebSocket, bound: number): boolean {
  if (ws.bufferedAmount <= bound) return false;
  const socket = rawSocket(ws);
  if (!socket || !corked.delete(socket)) return true;
  socket.uncork();
  return ws.bufferedAmount > bound;
}
