/**
 * How the realtime route writes frames (server/realtime/): the frame bytes built once and read by
 * a real ws client as text; a quiet socket's frame written at once, a burst's at the turn's end,
 * and a steady stream's at its window's end.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { WebSocket, WebSocketServer } from 'ws';
import { beforeFrame, STEADY_WINDOWS, WINDOW_MS } from '../../server/realtime/corkedWrites.ts';
import { rawSocket, sendText, textFrame } from '../../server/realtime/wireFrames.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server-side socket and a client reading it, on loopback. */
async function socketPair(t: TestContext): Promise<{ server: WebSocket; received: string[] }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as { port: number }).port}`);
  const received: string[] = [];
  client.on('message', (data, binary) => received.push(`${binary ? 'binary' : 'text'}:${String(data)}`));
  const server = await accepted;
  t.after(() => new Promise<void>((resolve) => {
    client.terminate();
    wss.close(() => resolve());
  }));
  return { server, received };
}

describe('frames on the wire', () => {
  it('one frame built once per text, read as text frames of any length', async (t) => {
    const { server, received } = await socketPair(t);
    const texts = ['{"a":1}', 'x'.repeat(200), 'y'.repeat(70_000)].map((text) => Buffer.from(text));
    assert.equal(textFrame(texts[0]!), textFrame(texts[0]!), 'the same buffer for every socket');
    for (const text of texts) sendText(server, text);
    for (let i = 0; received.length < 3 && i < 100; i++) await sleep(10);
    assert.deepEqual(received, texts.map((text) => `text:${text}`));
  });

  it('a quiet socket’s frame goes at once, a burst’s at the turn’s end; a steady stream’s at the window’s end, in order', async (t) => {
    const { server, received } = await socketPair(t);
    const raw = rawSocket(server)!;
    const send = (text: string) => {
      beforeFrame(server);
      sendText(server, Buffer.from(text));
    };
    await sleep(WINDOW_MS * 3); // no window running
    send('1');
    assert.equal(raw.writableCorked, 0, 'the first frame of a quiet moment: not held');
    send('2');
    assert.equal(raw.writableCorked, 1, 'a second frame in the turn: held');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(raw.writableCorked, 0, 'written out at the turn’s end');

    // A frame every fifth of a window: once STEADY_WINDOWS windows in a row had frames, the stream is steady.
    const texts = ['1', '2'];
    const started = Date.now();
    let heldAfter = -1;
    for (let i = 0; heldAfter < 0 && i < 5 * (STEADY_WINDOWS + 3); i++) {
      await sleep(WINDOW_MS / 5);
      texts.push(`s${i}`);
      send(`s${i}`);
      await new Promise((resolve) => setImmediate(resolve));
      if (raw.writableCorked === 1) heldAfter = Date.now() - started;
    }
    assert.ok(heldAfter >= (STEADY_WINDOWS - 1) * WINDOW_MS, `a steady stream: held past its turn, and not before ${STEADY_WINDOWS} windows (after ${heldAfter} ms)`);
    await sleep(WINDOW_MS * 1.5);
    assert.equal(raw.writableCorked, 0, 'written out at the window’s end');
    for (let i = 0; received.length < texts.length && i < 100; i++) await sleep(10);
    assert.deepEqual(received, texts.map((text) => `text:${text}`));
  });
});
