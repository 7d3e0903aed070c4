/**
 * The visit as the three cookies keep it (content.md §3): a session (30 min, renewed on every
 * page view), the referrer of the visit (6 months) and the visitor (1 year). `nextVisit` turns
 * what the cookies held (already normalised: garbage reads as absent) and this page's arrival
 * into the values to write back. A new session starts when the session cookie is gone; then the
 * visitor's visit count grows and, when this arrival names a medium other than direct, the
 * referrer starts over. Pure.
 */
import type { ReferrerState } from './eventTypes.ts';
import { bool, isRecord, num, str } from './cookies.ts';
import type { Arrival } from './referrer.ts';

export interface SessionCookie {
  pageViews: number;
  /** Links out (recirculation clicks) in this session. */
  outgoing: number;
  sessionStart: number;
  isRecirculation: boolean;
  landingPage: string;
  title: string;
  description: string;
}

export interface ReferrerCookie {
  referrerStart: number;
  refVisitCount: number;
  ref: ReferrerState;
}

export interface VisitorCookie {
  uniqueId: string;
  firstVisit: number;
  previousVisit: number;
  currentVisit: number;
  visitCount: number;
}

export interface Visit {
  session: SessionCookie;
  referrer: ReferrerCookie;
  visitor: VisitorCookie;
}

export function readSession(value: unknown): SessionCookie | null {
  if (!isRecord(value) || typeof value.sessionStart !== 'number') return null;
  return {
    pageViews: num(value.pageViews, 0),
    outgoing: num(value.outgoing, 0),
    sessionStart: num(value.sessionStart, 0),
    isRecirculation: bool(value.isRecirculation),
    landingPage: str(value.landingPage, '', 2000),
    title: str(value.title, ''),
    description: str(value.description, ''),
  };
}

function readRef(value: unknown): ReferrerState | null {
  if (!isRecord(value) || typeof value.medium !== 'string' || value.medium === '') return null;
  const ref: ReferrerState = { medium: str(value.medium, 'direct', 200) };
  for (const key of ['source', 'sharer_uuid', 'terms'] as const) if (typeof value[key] === 'string') ref[key] = str(value[key], '', 200);
  return ref;
}

export function readReferrer(value: unknown): ReferrerCookie | null {
  if (!isRecord(value)) return null;
  const ref = readRef(value.ref);
  if (!ref) return null;
  return { referrerStart: num(value.referrerStart, 0), refVisitCount: num(value.refVisitCount, 1), ref };
}

export function readVisitor(value: unknown): VisitorCookie | null {
  if (!isRecord(value) || typeof value.firstVisit !== 'number') return null;
  return {
    uniqueId: str(value.uniqueId, '', 100),
    firstVisit: num(value.firstVisit, 0),
    previousVisit: num(value.previousVisit, 0),
    currentVisit: num(value.currentVisit, 0),
    visitCount: Math.max(1, num(value.visitCount, 1)),
  };
}

export interface VisitInput {
  now: number;
  url: string;
  title: string;
  description: string;
  uniqueId: string;
  arrival: Arrival;
}

/** The cookies after this page view was counted. */
export function nextVisit(held: { session: SessionCookie | null; referrer: ReferrerCookie | null; visitor: VisitorCookie | null }, input: VisitInput): Visit {
  const { now, arrival } = input;
  const fresh = held.session === null;
  const prior = held.visitor;
  const visitor: VisitorCookie = !prior
    ? { uniqueId: input.uniqueId, firstVisit: now, previousVisit: 0, currentVisit: now, visitCount: 1 }
    : fresh
      ? { ...prior, uniqueId: input.uniqueId, previousVisit: prior.currentVisit, currentVisit: now, visitCount: prior.visitCount + 1 }
      : { ...prior, uniqueId: input.uniqueId };
  const newReferrer = !held.referrer || (fresh && arrival.ref.medium !== 'direct');
  const referrer: ReferrerCookie = newReferrer
    ? { referrerStart: now, refVisitCount: 1, ref: arrival.ref }
    : { ...held.referrer!, refVisitCount: held.referrer!.refVisitCount + (fresh ? 1 : 0) };
  const base: SessionCookie = held.session ?? {
    pageViews: 0,
    outgoing: 0,
    sessionStart: now,
    isRecirculation: false,
    landingPage: input.url,
    title: '',
    description: '',
  };
  const session: SessionCookie = {
    ...base,
    pageViews: base.pageViews + 1,
    isRecirculation: base.isRecirculation || arrival.isRecirculation,
    title: input.title.slice(0, 200),
    description: input.description.slice(0, 300),
  };
  return { session, referrer, visitor };
}
