/**
 * Server configuration: read from the environment once, validated, typed.
 * Every variable is documented in docs/server.md. A bad value stops the server at start
 * with a message naming the variable, rather than failing later at the first request.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { DEFAULT_PASSWORD_COST, PASSWORD_COST_RANGE } from './auth/passwords.ts';
import { type AnalyticsLimits, type AuthLimits, DEFAULT_ANALYTICS_LIMITS, DEFAULT_AUTH_LIMITS, DEFAULT_NOTICE_LIMIT, DEFAULT_POST_LIMIT } from './plugins/rateLimit.ts';
import { DEFAULT_GUEST_CACHE_MB } from './engine/guest-cache.ts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_TIMEOUT_MS } from './webhooks/defaults.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** JSON lines (for a log collector), or the same lines for a person (operations/logging.ts). */
export type LogFormat = 'json' | 'text';

export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  /**
   * Demo mode (`VF_DEMO`, docs/server.md "Demo mode"): demo accounts with public passwords and
   * the `/demo/mail` page. On by default only when `host` is a loopback address.
   */
  demo: boolean;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  jwtSecret: Buffer;
  logLevel: LogLevel;
  /** `LOG_FORMAT`; unset: text on a terminal, JSON otherwise. */
  logFormat?: LogFormat;
  /** Auth attempts allowed per 10 minutes (docs/server.md "Rate limits"); 0 turns one off. */
  authLimits?: AuthLimits;
  /** Comments (and replies) one user, or one IP for anonymous guests, may post per minute; 0: no limit. */
  postLimit?: number;
  /** Notices of illegal content per reader's address per 10 minutes (docs/law.md); 0: off. */
  noticeLimit?: number;
  /** Analytics batches allowed per minute per client IP and per site (docs/analytics.md); 0 turns one off. */
  analyticsLimits?: AnalyticsLimits;
  /** Outgoing mail (docs/mail.md): null keeps mails in `<dataDir>/mail/` (shown at /demo/mail) in demo mode, else logs them without their links. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The server's public address (`VF_PUBLIC_URL`, docs/notifications.md "Email"): readers' mails link to its unsubscribe page; null: http://HOST:PORT. */
  publicUrl?: string | null;
  /** The guest cache's bound in MB (`VF_GUEST_CACHE_MB`, server/engine/guest-cache.ts); 0 turns it off. */
  guestCacheMb?: number;
  /** The server-rendered first paint (`VF_FIRST_PAINT`, server/routes/firstPaint.ts); on unless 0. */
  firstPaint?: boolean;
  /** Browser push's VAPID subject (`VF_VAPID_SUBJECT`, docs/push.md): mailto: or https:; null: mailto:admin@<site domain>. */
  vapidSubject?: string | null;
  /** Push services a subscription's endpoint may name (`VF_PUSH_HOSTS`, docs/push.md): the server POSTs there. */
  pushHosts?: string[];
  /** scrypt's cost for new password hashes as log2(N) (`VF_PASSWORD_COST`, server/auth/passwords.ts). */
  passwordCost?: number;
  /** A Content-Security-Policy the demo pages are served with, to try a publisher's (`VF_DEMO_CSP`, demo mode only); null: none. */
  demoCsp?: string | null;
  /** Bearer token /metrics asks for (`VF_METRICS_TOKEN`, docs/server.md "Operations"); null: loopback clients only. */
  metricsToken?: string | null;
  /** Webhooks (docs/webhooks.md): private-network targets allowed outside demo mode (`VF_WEBHOOK_ALLOW_PRIVATE`). */
  webhookAllowPrivate?: boolean;
  /** Seconds a receiver has to answer a delivery (`VF_WEBHOOK_TIMEOUT_SECONDS`). */
  webhookTimeoutSeconds?: number;
  /** Attempts per delivery before it is marked failed (`VF_WEBHOOK_MAX_ATTEMPTS`). */
  webhookMaxAttempts?: number;
  /** The reverse proxies whose X-Forwarded-For is believed (`VF_TRUST_PROXY`: addresses, CIDRs, loopback/linklocal/uniquelocal); null: none. */
  trustProxy?: string[] | null;
  /** How long a SIGTERM/SIGINT waits for sockets and requests to finish before exiting anyway (`VF_DRAIN_SECONDS`, server/operations/shutdown.ts). */
  drainSeconds?: number;
}

/** `VF_DRAIN_SECONDS`' default: within the 30 s an orchestrator (Kubernetes, systemd) gives before it kills. */
export const DEFAULT_DRAIN_SECONDS = 10;

/** The browsers' push services (Chrome and Edge's FCM, Firefox, Safari, Windows), by host and its subdomains. */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration. Creates the data folder (and the JWT secret) if needed. */
/** Where readers' mails link to (unsubscribe, preferences): `VF_PUBLIC_URL`, else http://HOST:PORT; no trailing slash. */
export function publicOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  return (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(nonEmpty(env, 'VF_DATA_DIR') ?? './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw new ConfigError(`VF_DATA_DIR: cannot create ${dataDir}: ${(error as Error).message}`);
  }
  const host = nonEmpty(env, 'HOST') ?? '127.0.0.1';
  const demo = readDemo(env, host);
  return {
    port: readPort(env),
    host,
    demo,
    demoCsp: readDemoCsp(env, demo),
    trustProxy: readTrustProxy(env),
    dataDir,
    database: readDatabase(env, dataDir),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: nonEmpty(env, 'VF_MAIL_FROM') ?? 'vf <no-reply@localhost>',
    publicUrl: readUrl(env, 'VF_PUBLIC_URL', ['https:', 'http:']),
    jwtSecret: readJwtSecret(env, dataDir),
    logLevel: readLogLevel(env),
    logFormat: readLogFormat(env),
    authLimits: {
      perIp: readCount(env, 'VF_AUTH_LIMIT_PER_IP', DEFAULT_AUTH_LIMITS.perIp),
      perEmail: readCount(env, 'VF_AUTH_LIMIT_PER_EMAIL', DEFAULT_AUTH_LIMITS.perEmail),
    },
    postLimit: readCount(env, 'VF_POST_LIMIT', DEFAULT_POST_LIMIT),
    noticeLimit: readCount(env, 'VF_NOTICE_LIMIT', DEFAULT_NOTICE_LIMIT),
    analyticsLimits: {
      perIp: readCount(env, 'VF_ANALYTICS_LIMIT_PER_IP', DEFAULT_ANALYTICS_LIMITS.perIp),
      perSite: readCount(env, 'VF_ANALYTICS_LIMIT_PER_SITE', DEFAULT_ANALYTICS_LIMITS.perSite),
    },
    guestCacheMb: readCount(env, 'VF_GUEST_CACHE_MB', DEFAULT_GUEST_CACHE_MB),
    firstPaint: readSwitch(env, 'VF_FIRST_PAINT', true),
    vapidSubject: readUrl(env, 'VF_VAPID_SUBJECT', ['mailto:', 'https:']),
    pushHosts: readHosts(env, 'VF_PUSH_HOSTS') ?? DEFAULT_PUSH_HOSTS,
    passwordCost: readPasswordCost(env),
    metricsToken: readMetricsToken(env),
    webhookAllowPrivate: readSwitch(env, 'VF_WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutSeconds: readRange(env, 'VF_WEBHOOK_TIMEOUT_SECONDS', 1, 60, DEFAULT_TIMEOUT_MS / 1000),
    webhookMaxAttempts: readRange(env, 'VF_WEBHOOK_MAX_ATTEMPTS', 1, 20, DEFAULT_MAX_ATTEMPTS),
    drainSeconds: readRange(env, 'VF_DRAIN_SECONDS', 1, 600, DEFAULT_DRAIN_SECONDS),
  };
}

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readSwitch(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (raw !== '0' && raw !== '1') throw new ConfigError(`${name} must be 0 (off) or 1 (on), got "${raw}"`);
  return raw === '1';
}

function readCount(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number (0 turns the limit off), got "${raw}"`);
  return Number(raw);
}

function readRange(env: Env, name: string, min: number, max: number, fallback: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function readPasswordCost(env: Env): number {
  return readRange(env, 'VF_PASSWORD_COST', PASSWORD_COST_RANGE.min, PASSWORD_COST_RANGE.max, DEFAULT_PASSWORD_COST);
}

function readMetricsToken(env: Env): string | null {
  const raw = nonEmpty(env, 'VF_METRICS_TOKEN');
  if (raw === undefined) return null;
  if (raw.length < 16 || !/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError('VF_METRICS_TOKEN must be at least 16 printable characters without spaces');
  return raw;
}

function readDemoCsp(env: Env, demo: boolean): string | null {
  const raw = nonEmpty(env, 'VF_DEMO_CSP');
  if (raw === undefined) return null;
  if (!demo) throw new ConfigError('VF_DEMO_CSP applies to the demo pages in demo mode only: unset it, or set VF_DEMO=1');
  if (!/^[\x20-\x7e]+$/.test(raw)) throw new ConfigError('VF_DEMO_CSP must be one line of printable ASCII (a Content-Security-Policy header value)');
  return raw;
}

function readPort(env: Env): number {
  const raw = nonEmpty(env, 'PORT');
  if (raw === undefined) return 8080;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${raw}"`);
  }
  return port;
}

/** A comma-separated list of host names (null: unset). */
function readHosts(env: Env, name: string): string[] | null {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return null;
  const hosts = raw.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  const bad = hosts.find((host) => !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(host));
  if (bad !== undefined || hosts.length === 0) throw new ConfigError(`${name} must be host names separated by commas, got "${raw}"`);
  return hosts;
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (any spelling, also IPv4-mapped) or `localhost`: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** Fastify's (proxy-addr's) names of address ranges, also taken by VF_TRUST_PROXY. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `VF_TRUST_PROXY`: IP addresses, CIDRs or range names, comma-separated (Fastify's `trustProxy` list). */
function readTrustProxy(env: Env): string[] | null {
  const raw = nonEmpty(env, 'VF_TRUST_PROXY');
  if (raw === undefined) return null;
  // Fastify's `true` (every peer) and hop counts would let a client reaching vf directly choose its address.
  if (/^(true|all|\*|\d+)$/i.test(raw)) throw new ConfigError(`VF_TRUST_PROXY names the proxies to believe, not a switch or a hop count: list their addresses or CIDRs (e.g. 127.0.0.1 or 10.0.0.0/8), got "${raw}"`);
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !PROXY_RANGES.has(entry) && !isAddressOrCidr(entry));
  if (bad !== undefined) throw new ConfigError(`VF_TRUST_PROXY: "${bad}" is not an IP address or CIDR (e.g. 127.0.0.1, 10.0.0.0/8, ::1) nor loopback, linklocal or uniquelocal`);
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** `VF_DEMO` 1 or 0; unset: demo mode only when nobody but this machine can reach the server. */
function readDemo(env: Env, host: string): boolean {
  const raw = nonEmpty(env, 'VF_DEMO');
  if (raw === undefined) return isLoopbackHost(host);
  if (raw !== '1' && raw !== '0') throw new ConfigError(`VF_DEMO must be 1 (demo mode) or 0 (no demo accounts, no /demo/mail), got "${raw}"`);
  return raw === '1';
}

function readDatabase(env: Env, dataDir: string): DatabaseConfig {
  const url = readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  return url ? { engine: 'postgres', url } : { engine: 'sqlite', file: join(dataDir, 'vf.sqlite') };
}

function readLogLevel(env: Env): LogLevel {
  const raw = nonEmpty(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
  }
  return raw as LogLevel;
}

function readLogFormat(env: Env): LogFormat {
  const raw = nonEmpty(env, 'LOG_FORMAT');
  if (raw === undefined) return process.stdout.isTTY ? 'text' : 'json';
  if (raw !== 'json' && raw !== 'text') throw new ConfigError(`LOG_FORMAT must be json or text, got "${raw}"`);
  return raw;
}

/** An explicit secret wins; otherwise one generated secret is kept in the data folder so tokens survive restarts. */
function readJwtSecret(env: Env, dataDir: string): Buffer {
  const raw = nonEmpty(env, 'VF_JWT_SECRET');
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError('VF_JWT_SECRET must be at least 32 characters');
    return Buffer.from(raw, 'utf8');
  }
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    // 'wx' fails if another process created it meanwhile; then we read theirs.
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < 32) throw new ConfigError(`${file} holds a secret shorter than 32 characters`);
  return Buffer.from(stored, 'utf8');
}
