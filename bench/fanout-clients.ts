// The fan-out bench's load generator, a child process (so its CPU is not the server's): opens
// N websocket subscribers on one container, spread over the given servers, and records each
// event's delivery latency (arrival − the event's `time`, stamped by the server before its write),
// and, when the text carries the sender's clock (`sent@<ms>`, see fanout.ts), the time from the
// send to the arrival (what a chat's reader waits: the request's queue and handling included).
// Driven over IPC by bench/fanout.ts and bench/cluster-load.ts: { ready } → 'report' →
// { stamped, sent, received }, the two latencies as histograms (count per millisecond: 10,000
// readers × 1,500 messages is too many numbers to pass).
//
// It speaks RFC 6455 over plain TCP sockets itself rather than through `ws`: on this 2-core
// machine the generator shares the CPU with the server, and 100,000 frames a second through a
// full client library cost the server's own fan-out time. Here a frame costs a header read and
// one Buffer search; the server sees exactly what a browser does (handshake, masked client frames).
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const urls = (process.env['FANOUT_URLS'] ?? '').split(',').map((u) => new URL(u));
const count = Number(process.env['FANOUT_N']);
const container = process.env['FANOUT_CONTAINER']!;
// Only events of this content type count as delivered (a wrong type shows as lost).
const CONTENT_TYPE = Buffer.from(`"content_type":"${process.env['FANOUT_CONTENT_TYPE']}"`);
const HANDSHAKES_AT_ONCE = 250;
const TIME = Buffer.from('"time":');
const SENT = Buffer.from('sent@');
/** Histogram width: a later arrival counts in its last bucket. */
const MAX_MS = 120_000;
const SUBSCRIBED = Buffer.from('{"type":"subscribe_success"');

const stamped = new Uint32Array(MAX_MS + 1);
const sent = new Uint32Array(MAX_MS + 1);
let received = 0;
const sockets: Socket[] = [];

/** A masked client frame (clients must mask; RFC 6455 §5.3): text (0x1), or a pong (0xA). */
function clientFrame(data: string | Buffer, opcode = 0x1): Buffer {
  const payload = Buffer.from(data);
  const first = 0x80 | opcode;
  const header = payload.length < 126 ? Buffer.from([first, 0x80 | payload.length]) : Buffer.from([first, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  const mask = randomBytes(4);
  for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i % 4]!;
  return Buffer.concat([header, mask, payload]);
}

/** The number that follows the last `marker` in the frame's payload. */
function timeOf(frame: Buffer, marker = TIME): number {
  const at = frame.lastIndexOf(marker);
  if (at < 0) return NaN;
  let n = 0;
  for (let i = at + marker.length; i < frame.length; i++) {
    const digit = frame[i]! - 48;
    if (digit < 0 || digit > 9) break;
    n = n * 10 + digit;
  }
  return n;
}

function open(index: number): Promise<void> {
  const url = urls[index % urls.length]!;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    sockets.push(socket);
    socket.setNoDelay(true);
    // A reset socket (a proxy or a server going away) is the run's failure, reported, not a crash.
    socket.on('error', reject);
    let pending: Buffer = Buffer.alloc(0);
    let upgraded = false;
    socket.on('connect', () => {
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      const now = Date.now();
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!pending.subarray(0, 12).toString().includes(' 101')) return reject(new Error(pending.toString()));
        upgraded = true;
        pending = pending.subarray(end + 4);
        const rule = { key: 'content_container_uuid', values: [container] };
        socket.write(clientFrame(JSON.stringify({ type: 'subscribe', subscription_id: 'bench', filter: { one_of: [rule] } })));
      }
      // Server frames are unmasked and, here, never fragmented.
      while (pending.length >= 2) {
        let length = pending[1]! & 127;
        let offset = 2;
        if (length === 126) {
          if (pending.length < 4) break;
          length = pending.readUInt16BE(2);
          offset = 4;
        } else if (length === 127) {
          if (pending.length < 10) break;
          length = Number(pending.readBigUInt64BE(2));
          offset = 10;
        }
        if (pending.length < offset + length) break;
        const opcode = pending[0]! & 0x0f;
        const payload = pending.subarray(offset, offset + length);
        pending = pending.subarray(offset + length);
        // vf pings every socket every 30 s and drops one that did not answer (a run may outlast two).
        if (opcode === 0x9) {
          socket.write(clientFrame(payload, 0xa));
          continue;
        }
        if (payload.subarray(0, SUBSCRIBED.length).equals(SUBSCRIBED)) {
          resolve();
          continue;
        }
        const time = timeOf(payload);
        if (Number.isNaN(time) || payload.indexOf(CONTENT_TYPE) < 0) continue;
        received++;
        stamped[Math.max(0, Math.min(MAX_MS, now - time))]!++;
        const sentAt = timeOf(payload, SENT);
        if (!Number.isNaN(sentAt)) sent[Math.max(0, Math.min(MAX_MS, now - sentAt))]!++;
      }
    });
  });
}

let next = 0;
async function worker(): Promise<void> {
  while (next < count) await open(next++);
}
await Promise.all(Array.from({ length: HANDSHAKES_AT_ONCE }, worker));
process.send!({ ready: sockets.length });

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    stamped.fill(0);
    sent.fill(0);
    received = 0;
  } else if (message === 'report') {
    process.send!({ stamped: Array.from(stamped), sent: Array.from(sent), received }, () => {
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    });
  }
});
