/**
 * This page's part of the visit: the cookies read, advanced for a new page view and written back
 * (`applyVisit`), and the events built from them (`makeEvent`, content.md §3 "Analytics event
 * payload").
 */
import type { PageIdentity } from '../page/identity.ts';
import type { AnalyticsEvent } from './eventTypes.ts';
import type { RecordedEvent } from './record.ts';
import {
  readCookie, REFERRER_COOKIE, REFERRER_MAX_AGE_S, SESSION_COOKIE, SESSION_MAX_AGE_S, VISITOR_COOKIE, VISITOR_MAX_AGE_S, writeCookie,
} from './cookies.ts';
import { QUEUE_KEY } from './queue.ts';
import { arrivalOf } from './referrer.ts';
import { newId, visitorId } from './visitorId.ts';
import { nextVisit, readReferrer, readSession, readVisitor, type Visit } from './visit.ts';

export interface PageFacts {
  page_id: string;
  url: string;
  title: string;
  description: string;
  page_type?: string;
  lang?: string;
  /** The page's domain, for `{DOMAIN}`. */
  domain: string;
}

export function factsOf(page: PageIdentity): PageFacts {
  return {
    page_id: page.unique_id ?? page.container_id ?? page.url,
    url: page.url,
    title: page.title,
    description: page.description,
    page_type: page.page_type,
    lang: page.lang,
    domain: page.domain || location.hostname,
  };
}

/** Reads the cookies; a new view (or missing cookies) advances them; writes them back (renewed). */
export function applyVisit(doc: Document, facts: PageFacts, newView: boolean, now = Date.now()): Visit {
  const held = {
    session: readSession(readCookie(doc, SESSION_COOKIE)),
    referrer: readReferrer(readCookie(doc, REFERRER_COOKIE)),
    visitor: readVisitor(readCookie(doc, VISITOR_COOKIE)),
  };
  const visit: Visit =
    newView || !held.session || !held.referrer || !held.visitor
      ? nextVisit(held, { now, url: facts.url, title: facts.title, description: facts.description, uniqueId: visitorId(), arrival: arrivalOf(location.href, doc.referrer) })
      : { session: held.session, referrer: held.referrer, visitor: held.visitor };
  writeVisit(doc, visit);
  return visit;
}

export function writeVisit(doc: Document, visit: Visit): void {
  const secure = location.protocol === 'https:';
  writeCookie(doc, SESSION_COOKIE, visit.session, SESSION_MAX_AGE_S, secure);
  writeCookie(doc, REFERRER_COOKIE, visit.referrer, REFERRER_MAX_AGE_S, secure);
  writeCookie(doc, VISITOR_COOKIE, visit.visitor, VISITOR_MAX_AGE_S, secure);
}

/** Consent refused: the cookies and the stored queue of an earlier visit go too. */
export function forgetVisit(doc: Document, local: Storage | null): void {
  for (const name of [SESSION_COOKIE, REFERRER_COOKIE, VISITOR_COOKIE]) writeCookie(doc, name, '', 0, false);
  try {
    local?.removeItem(QUEUE_KEY);
  } catch {
    // nothing stored to forget
  }
}

export type EventInput = RecordedEvent & Pick<AnalyticsEvent, 'wStats' | 'engage'>;

export function makeEvent(facts: PageFacts, visit: Visit, rq: string, input: EventInput, now = Date.now()): AnalyticsEvent {
  const event: AnalyticsEvent = {
    event_type: input.event_type,
    eid: newId(),
    rq,
    rs: visit.referrer.ref,
    ts: now,
    ltz: new Date(now).getTimezoneOffset(),
    ua: typeof navigator === 'object' ? navigator.userAgent.slice(0, 500) : undefined,
    meta: { page_id: facts.page_id, url: facts.url, title: facts.title.slice(0, 200), page_type: facts.page_type, lang: facts.lang },
    view: {
      uniqueId: visit.visitor.uniqueId,
      visitCount: visit.visitor.visitCount,
      pageViews: visit.session.pageViews,
      isRecirculation: visit.session.isRecirculation,
      landingPage: visit.session.landingPage,
    },
  };
  if (input.w) event.w = input.w;
  if (input.wStats) event.wStats = input.wStats;
  if (input.engage) event.engage = input.engage;
  if (input.adData) event.adData = input.adData;
  if (input.data) event.data = input.data;
  return event;
}
