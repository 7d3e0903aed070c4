// The fan-out bench's load generator, a child process (so its CPU is not the server's): opens
// N websocket subscribers on one container, spread over the given servers, and records each
// event's delivery latency (arrival − the event's `time`, stamped by the server before its write).
// Driven over IPC by bench/fanout.ts: { ready } → 'report' → { latencies, received }.
import { WebSocket } from 'ws';

const urls = (process.env['FANOUT_URLS'] ?? '').split(',');
const count = Number(process.env['FANOUT_N']);
const container = process.env['FANOUT_CONTAINER']!;
const HANDSHAKES_AT_ONCE = 250;

const latencies: number[] = [];
let received = 0;
const sockets: WebSocket[] = [];

function open(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(urls[index % urls.length]!, { perMessageDeflate: false });
    sockets.push(socket);
    socket.once('error', reject);
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'subscribe', subscription_id: 'bench', filter: { one_of: [{ key: 'content_container_uuid', values: [container] }] } }));
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('{"type":"subscribe_success"')) return resolve();
      // Cheaper than JSON.parse for 100k frames a second: the event's time is its last "time".
      const at = text.lastIndexOf('"time":');
      if (at < 0) return;
      received++;
      latencies.push(Date.now() - Number.parseInt(text.slice(at + 7), 10));
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
    latencies.length = 0;
    received = 0;
  } else if (message === 'report') {
    process.send!({ latencies, received }, () => {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    });
  }
});
