/**
 * Coalesces frames into fewer writes per socket, two ways:
 * - **A turn's burst.** A socket's first frame in an event-loop turn goes out at once; a second
 *   one in the same turn corks the socket until the turn's I/O is done (setImmediate). A busy
 *   server handles several posts per turn; a moderator's decision sends a few frames at once.
 * - **A steady stream.** Time also runs in windows of WINDOW_MS. A socket that had frames in each
 *   of the last STEADY_WINDOWS windows (a reader of a conversation taking dozens of comments a
 *   second) is corked from its first frame of the window until the window's end: one write per
 *   window instead of one per frame, for vf and for nginx in front of it (it relays the bytes as
 *   they come). Bursts a moment apart never count as steady, so their frames keep their timing.
 * Corked bytes count in ws's bufferedAmount, so before a socket is judged slow its corked frames
 * are written out (bufferedOver) and the bound applies to what the reader really left unread.
 */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { rawSocket } from './wireFrames.ts';

/** How long a steady stream's frames wait at most to go out together. */
export const WINDOW_MS = 50;
/** Windows in a row with frames that make a socket's stream steady. */
export const STEADY_WINDOWS = 3;

/** Sockets written to in this turn, and those of them corked until its end. */
const turnWritten = new Set<Socket>();
const turnCorked = new Set<Socket>();
let turnEndScheduled = false;
/** Sockets written to in this window; each socket's windows in a row with frames; those corked until this window's end. */
let windowWritten = new Set<Socket>();
let streaks = new Map<Socket, number>();
const windowCorked = new Set<Socket>();
let windowTimer: NodeJS.Timeout | null = null;

function uncorkAll(corked: Set<Socket>): void {
  for (const socket of corked) if (!socket.destroyed) socket.uncork();
  corked.clear();
}

function endTurn(): void {
  turnEndScheduled = false;
  turnWritten.clear();
  uncorkAll(turnCorked);
}

function endWindow(): void {
  uncorkAll(windowCorked);
  const next = new Map<Socket, number>();
  for (const socket of windowWritten) next.set(socket, (streaks.get(socket) ?? 0) + 1);
  streaks = next;
  windowWritten = new Set();
  // Quiet now: no window runs until the next frame.
  windowTimer = streaks.size > 0 ? setTimeout(endWindow, WINDOW_MS) : null;
}

/** Call before each frame sent to `ws`: it goes out at once, at the turn's end or at the window's end. */
export function beforeFrame(ws: WebSocket): void {
  const socket = rawSocket(ws);
  if (!socket) return;
  windowWritten.add(socket);
  windowTimer ??= setTimeout(endWindow, WINDOW_MS);
  if (windowCorked.has(socket) || turnCorked.has(socket)) return;
  if ((streaks.get(socket) ?? 0) >= STEADY_WINDOWS) {
    socket.cork();
    windowCorked.add(socket);
  } else if (turnWritten.has(socket)) {
    socket.cork();
    turnCorked.add(socket);
  } else turnWritten.add(socket);
  if (!turnEndScheduled) {
    turnEndScheduled = true;
    setImmediate(endTurn);
  }
}

/**
 * Whether more than `bound` bytes wait to be sent to `ws`, counting only what the reader left
 * unread: frames corked for this turn or window are written out first, then the bound is checked
 * again.
 */
export function bufferedOver(ws: WebSocket, bound: number): boolean {
  if (ws.bufferedAmount <= bound) return false;
  const socket = rawSocket(ws);
  if (!socket || !(turnCorked.delete(socket) || windowCorked.delete(socket))) return true;
  socket.uncork();
  return ws.bufferedAmount > bound;
}
