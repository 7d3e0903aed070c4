// A long session in <vf-livechat>: a page of the bench's own (served from another loopback port,
// as a publisher's page would be, loading vf.js from the real server) shows a new chat while
// 10,000 messages arrive through the real server as fast as it takes them. Counted at 1,000 and
// 10,000 received: the message elements in the element's shadow DOM, all its nodes, and the JS
// heap after a forced garbage collection (CDP). Aim: bounded (the element keeps 200 messages),
// not growing with the count. `node --import tsx bench/chat-element.ts` runs it alone (needs
// dist/: `npm run build`).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser.mjs';
import { startServer } from '../test/support/serve.mjs';
import { chatSource } from './chat.ts';
import type { Row } from './comments-list.ts';

const CHECKPOINTS = [1_000, 10_000];
/** Messages on their way at once (several people writing; the posting limit is off in startServer). */
const IN_FLIGHT = 4;

const page = (vfOrigin: string, containerId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Busy chat</title>
<meta name="vf:container_id" content="${containerId}"><meta name="vf:lang" content="en-us">
<script async src="${vfOrigin}/vf.js"></script></head>
<body><vf-livechat vf-container-id="${containerId}"></vf-livechat></body></html>`;

/** What the page holds: message elements and all nodes in the element's shadow root. */
const inPage = (p: Page) => p.evaluate(() => {
  const root = document.querySelector('vf-livechat')?.shadowRoot;
  return { messages: root?.querySelectorAll('[part~="message"]').length ?? 0, nodes: root?.querySelectorAll('*').length ?? 0 };
});

export interface ChatSession { received: number; messages: number; nodes: number; heapMb: number }

/** Sends `checkpoints.at(-1)` messages; at each checkpoint waits for the page to show the latest and measures. */
export async function measureChatSession(checkpoints = CHECKPOINTS): Promise<ChatSession[]> {
  const server = await startServer();
  const containerId = `bench-chat-session-${Date.now()}`;
  // The publisher's page, on 127.0.0.1 (the demo site's domain; a routed page would count as a
  // public address to Chromium, which then refuses its websocket to loopback).
  const publisher = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(page(server.origin, containerId)));
  await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    const { write } = await chatSource(10, containerId).open(server.origin);
    await write(server.origin, 'Welcome to the busy room: message 0');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    await tab.goto(`http://127.0.0.1:${(publisher.address() as AddressInfo).port}/chat-session.html`);
    // The element fetches 10 s after it came into view (content.md §2), then subscribes.
    await tab.waitForFunction(() => !!document.querySelector('vf-livechat')?.shadowRoot?.querySelector('[part~="message"]'), null, { timeout: 60_000 });
    const cdp = await context.newCDPSession(tab);
    const shows = async (text: string) => {
      await tab.waitForFunction((t) => (document.querySelector('vf-livechat')?.shadowRoot?.querySelector('[part~="list"]')?.lastElementChild?.textContent ?? '').includes(t), text, { timeout: 120_000, polling: 100 });
    };
    // Live from here: the first live message shows without a reload.
    await write(server.origin, 'live check');
    await shows('live check');

    const results: ChatSession[] = [];
    let sent = 0;
    for (const checkpoint of checkpoints) {
      const worker = async () => {
        while (sent < checkpoint) await write(server.origin, `Busy room message ${++sent}: the bridge is full of people cheering.`);
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      // With several in flight the last sent may not be the last stored: one more, then wait for it.
      await write(server.origin, `checkpoint ${checkpoint}`);
      await shows(`checkpoint ${checkpoint}`);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
      const held = await inPage(tab);
      results.push({ received: checkpoint, messages: held.messages, nodes: held.nodes, heapMb: Math.round((heap.usedSize / 1048576) * 10) / 10 });
    }
    await context.close();
    return results;
  } finally {
    await browser.close();
    await new Promise((resolve) => publisher.close(resolve));
    await server.stop();
  }
}

/** The bench table's rows. */
export async function chatSessionRows(checkpoints = CHECKPOINTS): Promise<Row[]> {
  const rows: Row[] = [];
  for (const r of await measureChatSession(checkpoints)) {
    rows.push([`<vf-livechat> after ${r.received.toLocaleString('en')} received messages: message elements / shadow DOM nodes / JS heap`,
      `${r.messages} / ${r.nodes} / ${r.heapMb} MB`, 'bounded (200 messages)']);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Other checkpoints may be named: `node --import tsx bench/chat-element.ts 200 1000`.
  const named = process.argv.slice(2).map(Number).filter((n) => n > 0);
  for (const row of await chatSessionRows(named.length ? named : CHECKPOINTS)) console.log(row.join(' | '));
}
