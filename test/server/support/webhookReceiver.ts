/**
 * A webhook receiver on 127.0.0.1 for tests (the outside world a webhook posts to): it keeps
 * every request it got and answers with what `answer` says (a status, or 'hang' for no answer).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import type { WebhookPayload } from '../../../core/api/webhookTypes.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  payload: WebhookPayload;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The answer to the next requests: an HTTP status, or 'hang' to never answer. */
  answer: number | 'hang';
}

export async function receiver(t: TestContext, path = '/hooks'): Promise<Receiver> {
  const state: Receiver = { url: '', received: [], answer: 204 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.received.push({ headers: req.headers, body, payload: JSON.parse(body) as WebhookPayload });
      if (state.answer === 'hang') return;
      res.statusCode = state.answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return state;
}

/**
 * What a receiver does (docs/webhooks.md "Verifying a delivery"): true when the X-VF-Signature
 * header is the HMAC-SHA256 of "<t>.<raw body>" under the secret, and t is recent.
 */
export function verifySignature(secret: string, header: string | undefined, rawBody: string, nowSeconds = Date.now() / 1000, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts['t']);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !parts['v1']) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts['v1'], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
