// A busy chat room: readers subscribed to one chat while several people send 50 messages a second
// for 30 s through `POST /api/chat/{s}/{c}/messages`, on one process and on two through Redis
// (the fan-out bench's harness, bench/fanout.ts). `node --import tsx bench/chat.ts` runs these
// rows alone.
import { DEFAULT_POST_LIMIT } from '../server/plugins/rateLimit.ts';
import { DEMO_SITE } from '../server/demo/index.ts';
import { callApi } from '../test/support/callApi.ts';
import type { Row } from './comments-list.ts';
import { benchReader, type FanoutSource, type FanoutWrites, measureFanout } from './fanout.ts';

const SITE = DEMO_SITE.uuid;
const CHAT_RATE = 50;
const CHAT_SECONDS = 30;
/**
 * The people sending, in turn: 100, each sending a message every 2 s (15 in the 30 s), within
 * the chat's flood limit at its default (30 a minute per user: six times VF_POST_LIMIT's 5),
 * which stays on for the bench.
 */
const SENDERS = 100;

/** Several readers of the demo site sending messages to a new chat (`containerId`), each in turn. */
export function chatSource(senders = SENDERS, containerId = `bench-chat-${Date.now()}`): FanoutSource {
  return {
    contentType: 'chat_message',
    async open(origin) {
      const tokens = await Promise.all(Array.from({ length: senders }, (_, i) => benchReader(origin, `Chat sender ${i + 1}`)));
      const { content_container_uuid: container } = await callApi<{ content_container_uuid: string }>(origin, 'POST', `/api/chat/${SITE}`, { container_id: containerId });
      // Each sender is one browser: its messages go one after the other (each after the previous
      // one's answer), so its requests reuse one kept-alive connection rather than opening more.
      const queues: Array<Promise<unknown>> = tokens.map(() => Promise.resolve());
      let turn = 0;
      const write = (writer: string, content: string) => {
        const sender = turn++ % tokens.length;
        const sent = queues[sender]!.catch(() => {}).then(() => callApi(writer, 'POST', `/api/chat/${SITE}/${container}/messages`, { content }, tokens[sender]));
        queues[sender] = sent;
        return sent;
      };
      return { container, write };
    },
  };
}

/** Senders all on the first process; a message starts on time, not after the one before answered. */
const CHAT_WRITES: FanoutWrites = { on: 'first', overlap: true, env: { VF_POST_LIMIT: String(DEFAULT_POST_LIMIT) } };

/** One busy room: `readers` sockets over `processes` (split evenly), 50 messages a second for 30 s. */
export async function busyRoomRows(readers: number, processes: 1 | 2, rate = CHAT_RATE): Promise<Row[]> {
  const r = await measureFanout(readers, processes, rate, CHAT_SECONDS, chatSource(), CHAT_WRITES);
  const where = processes === 1 ? 'one process' : 'two processes + Redis, senders on one';
  const label = `chat ${readers.toLocaleString('en')} readers, ${where}, ${rate} messages/s for ${CHAT_SECONDS} s`;
  return [
    [label, `send → received p50 ${r.sent.p50} ms / p99 ${r.sent.p99} ms (sent in ${r.writeSeconds} s)`, 'p99 ≤ 250 ms'],
    ['  of it, server stamp → received p50 / p99', `${r.p50} ms / ${r.p99} ms (${r.delivered} frames/s)`, ''],
    ['  messages lost (frames missing), refused; memory', `${r.lost} lost, ${r.refused} refused; ${r.kbPerConnection} KB per connection`, '0 lost'],
  ];
}

/**
 * The bench table's chat rows: 1,000 readers on one and on two processes. 10,000 readers (500,000
 * frames a second) is beyond this 2-core machine (docs/performance.md): run it by name.
 */
export async function chatRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const runs: Array<[number, 1 | 2]> = [[1000, 1], [1000, 2]];
  for (const [readers, processes] of runs) rows.push(...(await busyRoomRows(readers, processes)));
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node --import tsx bench/chat.ts [--rate=N] [readers processes]…` measures the runs named,
  // e.g. `10000 2`, at N messages a second (50).
  const rate = Number(/^--rate=(\d+)$/.exec(process.argv[2] ?? '')?.[1] ?? CHAT_RATE);
  const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--')).map(Number);
  const rows: Row[] = [];
  if (args.length >= 2) for (let i = 0; i + 1 < args.length; i += 2) rows.push(...(await busyRoomRows(args[i]!, args[i + 1] === 2 ? 2 : 1, rate)));
  else rows.push(...(await chatRows()));
  for (const row of rows) console.log(row.join(' | '));
}
