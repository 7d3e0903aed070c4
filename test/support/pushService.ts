/**
 * A local push service for tests: what a browser's push service does with an application
 * server's message, on 127.0.0.1. It takes RFC 8030 POSTs at `/push/<id>`, checks the RFC 8292
 * VAPID header (`vapid t=<ES256 JWT>, k=<public key>`, the JWT's aud = this origin), decrypts the
 * RFC 8291 aes128gcm body with the subscriber's private key, and records the JSON. `subscriber()`
 * makes the key pair and auth secret a browser would; `gone(id)` makes that endpoint answer 410.
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushSubscriber {
  id: string;
  endpoint: string;
  /** p256dh, base64url, as PushSubscription.getKey('p256dh') gives it. */
  public_key: string;
  auth_secret: string;
}

export interface ReceivedPush {
  id: string;
  ttl: number;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  payload: unknown;
}

export interface PushService {
  origin: string;
  subscriber(): PushSubscriber;
  gone(id: string): void;
  received: ReceivedPush[];
  /** Resolves once `count` messages have arrived (rejects after 5 s). */
  until(count: number): Promise<ReceivedPush[]>;
  /** Requests refused (bad VAPID, bad body), with the reason. */
  refused: string[];
  close(): Promise<void>;
}

interface Keys {
  ecdh: ECDH;
  auth: Buffer;
}

/** The VAPID claims when the header is valid for `origin`; throws with the reason otherwise. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['claims'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [signed, signature] = [match[1]!.slice(0, match[1]!.lastIndexOf('.')), match[1]!.split('.')[2]!];
  const point = Buffer.from(match[2]!, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  if (!verify('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('VAPID signature does not verify');
  const [head, body] = signed.split('.').map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
  if (head.alg !== 'ES256') throw new Error(`VAPID alg ${head.alg}`);
  const now = Date.now() / 1000;
  if (body.aud !== origin) throw new Error(`VAPID aud ${body.aud} is not ${origin}`);
  if (!(body.exp > now && body.exp <= now + 86400)) throw new Error('VAPID exp is not within 24 hours');
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error(`VAPID sub ${body.sub}`);
  return body;
}

/** RFC 8291 + RFC 8188: one aes128gcm record, decrypted with the subscriber's keys. */
function decrypt(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverKey = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(senderKey);
  const info = (text: string) => Buffer.from(`${text}\0`);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, Buffer.concat([info('WebPush: info'), receiverKey, senderKey]), 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('last record has no 0x02 padding delimiter');
  return padded.subarray(0, end);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function startPushService(): Promise<PushService> {
  const subscribers = new Map<string, Keys>();
  const goneIds = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';
  const server = createServer(async (request, response) => {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const body = await readBody(request);
    const keys = id ? subscribers.get(id) : undefined;
    if (request.method !== 'POST' || !id || !keys) return void response.writeHead(404).end();
    if (goneIds.has(id)) return void response.writeHead(410).end();
    try {
      const claims = checkVapid(request.headers.authorization, origin);
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
      const ttl = Number(request.headers['ttl']);
      if (!Number.isInteger(ttl)) throw new Error('no TTL header');
      received.push({ id, ttl, claims, payload: JSON.parse(decrypt(body, keys).toString('utf8')) });
      response.writeHead(201, { location: `/message/${received.length}` }).end();
    } catch (error) {
      refused.push((error as Error).message);
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    refused,
    subscriber() {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, public_key: ecdh.getPublicKey().toString('base64url'), auth_secret: auth.toString('base64url') };
    },
    gone: (id) => void goneIds.add(id),
    async until(count) {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} pushes arrived; refused: ${refused.join('; ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
