/**
 * One delivery attempt (docs/webhooks.md "Verifying a delivery"): POST the stored body with
 * `X-VF-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`,
 * `X-VF-Event` and `X-VF-Delivery`. A 2xx answer delivers it; anything else (a redirect too: they
 * are not followed), no answer within the timeout, or a refused target is a failed attempt.
 */
import { createHmac } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, type TargetPolicy } from './targets.ts';

/** The signature header's value for `body` sent at `unixSeconds`. */
export function signature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface Attempt {
  url: string;
  secret: string;
  body: string;
  event: string;
  deliveryUuid: string;
}

export interface AttemptResult {
  /** The receiver's HTTP status, null when it gave none. */
  status: number | null;
  /** Null on a 2xx answer; otherwise why it failed, in words for the admins' list. */
  error: string | null;
}

/** A receiver's answer is read up to this much and dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;
const ERROR_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
};

/** Kept-alive connections to receivers, one pair per worker (its policy checks every new connection). */
export interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
}

export function newAgents(maxSockets: number): Agents {
  return { http: new HttpAgent({ keepAlive: true, maxSockets }), https: new HttpsAgent({ keepAlive: true, maxSockets }) };
}

/** Sends one attempt; never throws. `now` gives the signature's time. */
export function send(attempt: Attempt, policy: TargetPolicy, agents: Agents, timeoutMs: number, now: number, userAgent: string): Promise<AttemptResult> {
  const url = new URL(attempt.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !policy.demo && !policy.allowPrivate && isPrivateAddress(host)) {
    return Promise.resolve({ status: null, error: `refused: ${host} is a private address` });
  }
  const t = Math.floor(now / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(attempt.body)),
    'user-agent': userAgent,
    'x-vf-event': attempt.event,
    'x-vf-delivery': attempt.deliveryUuid,
    'x-vf-signature': signature(attempt.secret, attempt.body, t),
  };
  const https = url.protocol === 'https:';
  const requester = https ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = requester(url, { method: 'POST', headers, lookup: guardedLookup(policy) as never, agent: https ? agents.https : agents.http }, (res: IncomingMessage) => {
      const status = res.statusCode ?? null;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      const finish = () => done({ status, error: status !== null && status >= 200 && status < 300 ? null : `HTTP ${status ?? '?'}` });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    const timer = setTimeout(() => {
      done({ status: null, error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.name === 'PrivateTargetError' ? `refused: ${error.message}` : (ERROR_CODES[error.code ?? ''] ?? error.message);
      done({ status: null, error: reason.slice(0, 300) });
    });
    req.end(attempt.body);
  });
}
