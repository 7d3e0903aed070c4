/**
 * In-process sliding-window rate limits (docs/server.md "Rate limits"): auth attempts, posting,
 * analytics. Every per-address limit keys on `request.ip`: the reader's own address behind a
 * proxy that VF_TRUST_PROXY names, else the peer's.
 * Each key keeps the times of its recent attempts; an attempt is refused while `limit` of them
 * fall within the last `windowMs`. The clock is injectable (`now`) so tests can move time.
 * Per process: with several server processes each counts on its own.
 */
import { HttpError } from '../errors.ts';

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface Refusal {
  /** Seconds until the oldest counted attempt leaves the window (at least 1). */
  retryAfter: number;
}

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    public now: () => number = Date.now,
    readonly limits: AuthLimits = DEFAULT_AUTH_LIMITS,
  ) {}

  /**
   * Records an attempt under every key (each with its limit) unless one of them is full;
   * a refused attempt is not recorded. Null when allowed.
   */
  attempt(checks: readonly { key: string; limit: Limit }[], now = this.now()): Refusal | null {
    let retryAfterMs = 0;
    for (const { key, limit } of checks) {
      const recent = this.recent(key, limit.windowMs, now);
      if (recent.length >= limit.limit) retryAfterMs = Math.max(retryAfterMs, recent[recent.length - limit.limit]! + limit.windowMs - now);
    }
    if (retryAfterMs > 0) return { retryAfter: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    for (const { key } of checks) this.hits.get(key)!.push(now);
    this.sweep(now);
    return null;
  }

  /** Takes back one attempt recorded at `time` under each key (a login that succeeded). */
  takeBack(keys: readonly string[], time: number): void {
    for (const key of keys) {
      const times = this.hits.get(key);
      const index = times ? times.lastIndexOf(time) : -1;
      if (index >= 0) times!.splice(index, 1);
    }
  }

  /** Forgets everything (tests; or an operator lifting the limits). */
  reset(): void {
    this.hits.clear();
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    const kept = (this.hits.get(key) ?? []).filter((time) => time > now - windowMs && time <= now);
    this.hits.set(key, kept);
    return kept;
  }

  private lastSweep = 0;
  private static readonly MAX_WINDOW_MS = 60 * 60 * 1000;

  /** Drops keys with no attempt in the last hour, at most once a minute, so memory stays bounded. */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > now - SlidingWindowLimiter.MAX_WINDOW_MS)) this.hits.delete(key);
    }
  }
}

const TEN_MINUTES = 10 * 60 * 1000;

/** Attempts per 10 minutes, per client IP and per account email (config: VF_AUTH_LIMIT_PER_*). */
export interface AuthLimits {
  perIp: number;
  perEmail: number;
}
export const DEFAULT_AUTH_LIMITS: AuthLimits = { perIp: 10, perEmail: 5 };

export type AuthAction = 'login' | 'signup' | 'password_reset' | 'email_verification';

/** The checks for one auth attempt (the email normalised by the caller); a 0 limit is off. */
export function authChecks(action: AuthAction, ip: string, email: string, limits: AuthLimits = DEFAULT_AUTH_LIMITS): { key: string; limit: Limit }[] {
  const checks = [
    { key: `${action}:ip:${ip}`, limit: { limit: limits.perIp, windowMs: TEN_MINUTES } },
    { key: `${action}:email:${email}`, limit: { limit: limits.perEmail, windowMs: TEN_MINUTES } },
  ];
  return checks.filter((check) => check.limit.limit > 0);
}

/** An attempt counted by limitAuthAttempt; `succeeded()` takes it back (a login that worked counts against no one). */
export interface CountedAttempt {
  succeeded(): void;
}

/**
 * Counts one attempt of `action` from the request's IP for `email` (normalised by the caller);
 * over a limit, sets Retry-After (seconds) and throws a 429 naming the wait in minutes.
 * Counted before the work it guards (a password check): attempts in flight count, so a burst
 * sent at once cannot pass the limit before the first of them fails.
 */
export function limitAuthAttempt(
  limiter: SlidingWindowLimiter,
  request: { ip: string },
  reply: { header(name: string, value: string): unknown },
  action: AuthAction,
  email: string,
): CountedAttempt {
  const checks = authChecks(action, request.ip, email, limiter.limits);
  const time = limiter.now();
  const refused = limiter.attempt(checks, time);
  if (!refused) return { succeeded: () => limiter.takeBack(checks.map((check) => check.key), time) };
  reply.header('retry-after', String(refused.retryAfter));
  const minutes = Math.ceil(refused.retryAfter / 60);
  throw new HttpError(429, `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** Comments (and replies) per minute per user, or per IP for anonymous guests (VF_POST_LIMIT). */
export const DEFAULT_POST_LIMIT = 5;
/** Notices of illegal content per client IP per NOTICE_WINDOW_MS (VF_NOTICE_LIMIT; docs/law.md). */
export const DEFAULT_NOTICE_LIMIT = 5;

/**
 * Counts one post by `posterUuid` (null: an anonymous guest, counted by IP); over `perMinute`,
 * sets Retry-After (seconds) and throws a 429. A limit of 0 is off.
 */
export function limitPosting(
  limiter: SlidingWindowLimiter,
  perMinute: number,
  request: { ip: string },
  reply: { header(name: string, value: string): unknown },
  posterUuid: string | null,
  bucket = 'post',
): void {
  if (perMinute <= 0) return;
  const key = posterUuid ? `${bucket}:user:${posterUuid}` : `${bucket}:ip:${request.ip}`;
  const refused = limiter.attempt([{ key, limit: { limit: perMinute, windowMs: 60_000 } }]);
  if (!refused) return;
  reply.header('retry-after', String(refused.retryAfter));
  throw new HttpError(429, `You are posting too fast. Try again in ${refused.retryAfter} second${refused.retryAfter === 1 ? '' : 's'}.`);
}

/** Analytics batches per minute, per client IP and per site (VF_ANALYTICS_LIMIT_PER_*, docs/analytics.md). */
export interface AnalyticsLimits {
  perIp: number;
  perSite: number;
}
/** A reader's page sends a batch every 15 s and on leaving; an office behind one IP sends many. */
export const DEFAULT_ANALYTICS_LIMITS: AnalyticsLimits = { perIp: 120, perSite: 30_000 };

/** Counts one analytics batch from the request's IP for the site; over a limit, a 429 with Retry-After. */
export function limitAnalytics(
  limiter: SlidingWindowLimiter,
  limits: AnalyticsLimits,
  request: { ip: string },
  reply: { header(name: string, value: string): unknown },
  siteUuid: string,
): void {
  const checks = [
    { key: `analytics:ip:${request.ip}`, limit: { limit: limits.perIp, windowMs: 60_000 } },
    { key: `analytics:site:${siteUuid}`, limit: { limit: limits.perSite, windowMs: 60_000 } },
  ].filter((check) => check.limit.limit > 0);
  const refused = limiter.attempt(checks);
  if (!refused) return;
  reply.header('retry-after', String(refused.retryAfter));
  throw new HttpError(429, `Too many analytics batches. Try again in ${refused.retryAfter} second${refused.retryAfter === 1 ? '' : 's'}.`);
}
