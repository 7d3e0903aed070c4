/**
 * core/analytics/cookies.ts, referrer.ts, visit.ts: the three analytics cookies (attributes,
 * lifetimes, garbage in → safe defaults), the referrer medium rules and how a visit advances.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  decodeCookieValue, parseCookieHeader, REFERRER_MAX_AGE_S, serializeCookie, SESSION_MAX_AGE_S, VISITOR_MAX_AGE_S,
} from '../../core/analytics/cookies.ts';
import { arrivalOf } from '../../core/analytics/referrer.ts';
import { nextVisit, readReferrer, readSession, readVisitor } from '../../core/analytics/visit.ts';

test('lifetimes: session 30 minutes, referrer 6 months, visitor 1 year', () => {
  assert.equal(SESSION_MAX_AGE_S, 1800);
  assert.ok(REFERRER_MAX_AGE_S >= 181 * 86400 && REFERRER_MAX_AGE_S <= 184 * 86400);
  assert.equal(VISITOR_MAX_AGE_S, 365 * 86400);
});

test('a cookie is JSON, URI-encoded, Lax on path /, Secure only on https, and reads back', () => {
  const plain = serializeCookie('vf_session', { a: 'x; y=z' }, 1800, false);
  assert.match(plain, /^vf_session=[^;\s]+; Max-Age=1800; Path=\/; SameSite=Lax$/);
  assert.match(serializeCookie('vf_session', 1, 60, true), /; SameSite=Lax; Secure$/);
  const raw = parseCookieHeader(`other=1; ${plain.split(';')[0]}; vf_session=second`).get('vf_session');
  assert.deepEqual(decodeCookieValue(raw), { a: 'x; y=z' });
});

test('garbled cookies read as absent, never throw', () => {
  for (const raw of [undefined, '', '%E0%A4%A', '{not json', 'null', '42', '"text"', '[1,2]']) {
    const value = decodeCookieValue(raw);
    assert.equal(readSession(value), null);
    assert.equal(readReferrer(value), null);
    assert.equal(readVisitor(value), null);
  }
  assert.equal(parseCookieHeader(undefined).size, 0);
  assert.equal(parseCookieHeader('=x; ;junk').size, 0);
  // Wrong field types fall back to safe values.
  const session = readSession({ sessionStart: 5, pageViews: 'many', outgoing: -3, isRecirculation: 'yes', landingPage: 7 });
  assert.deepEqual(session, { pageViews: 0, outgoing: 0, sessionStart: 5, isRecirculation: false, landingPage: '', title: '', description: '' });
  assert.equal(readReferrer({ ref: { medium: '' } }), null);
  assert.equal(readVisitor({ firstVisit: 1, visitCount: -1 })?.visitCount, 1);
});

test('referrer medium: URL parameter first (vf_medium, else utm_medium), then referral from another site, else direct', () => {
  const tracked = arrivalOf('https://news.example/a?vf_medium=trending_top&vf_source=tray&vf_sharer=u1&utm_term=cats', 'https://news.example/');
  assert.deepEqual(tracked, { ref: { medium: 'trending_top', source: 'tray', sharer_uuid: 'u1', terms: 'cats' }, isRecirculation: true });
  assert.deepEqual(arrivalOf('https://news.example/a?utm_medium=email&utm_source=letter', 'https://mail.example/'), {
    ref: { medium: 'email', source: 'letter' },
    isRecirculation: false,
  });
  assert.deepEqual(arrivalOf('https://news.example/a', 'https://www.search.example/q?x=1'), { ref: { medium: 'referral', source: 'www.search.example' }, isRecirculation: false });
  assert.deepEqual(arrivalOf('https://news.example/a', ''), { ref: { medium: 'direct' }, isRecirculation: false });
  assert.deepEqual(arrivalOf('https://www.news.example/b', 'https://news.example/a'), { ref: { medium: 'direct' }, isRecirculation: false }, 'same site');
  assert.deepEqual(arrivalOf('not a url', 'also not'), { ref: { medium: 'direct' }, isRecirculation: false });
});

const input = (now: number, medium = 'direct', isRecirculation = false) => ({
  now,
  url: 'https://news.example/a',
  title: 'A',
  description: 'About A',
  uniqueId: 'visitor-1',
  arrival: { ref: { medium }, isRecirculation },
});

test('a first visit starts all three cookies; a page view in the session counts on', () => {
  const first = nextVisit({ session: null, referrer: null, visitor: null }, input(1000, 'referral'));
  assert.deepEqual(first.visitor, { uniqueId: 'visitor-1', firstVisit: 1000, previousVisit: 0, currentVisit: 1000, visitCount: 1 });
  assert.deepEqual(first.referrer, { referrerStart: 1000, refVisitCount: 1, ref: { medium: 'referral' } });
  assert.equal(first.session.pageViews, 1);
  assert.equal(first.session.landingPage, 'https://news.example/a');
  const second = nextVisit(first, { ...input(2000, 'direct', true), url: 'https://news.example/b' });
  assert.equal(second.session.pageViews, 2);
  assert.equal(second.session.landingPage, 'https://news.example/a');
  assert.equal(second.session.isRecirculation, true);
  assert.equal(second.visitor.visitCount, 1);
  assert.deepEqual(second.referrer.ref, { medium: 'referral' }, 'a direct page inside the session keeps the referrer');
});

test('a new session counts a visit; a direct return keeps the referrer, a new medium starts it over', () => {
  const first = nextVisit({ session: null, referrer: null, visitor: null }, input(1000, 'email'));
  const back = nextVisit({ ...first, session: null }, input(9_000_000));
  assert.deepEqual(back.visitor, { ...first.visitor, previousVisit: 1000, currentVisit: 9_000_000, visitCount: 2 });
  assert.deepEqual(back.referrer, { referrerStart: 1000, refVisitCount: 2, ref: { medium: 'email' } });
  assert.equal(back.session.pageViews, 1);
  const other = nextVisit({ ...back, session: null }, input(9_500_000, 'social'));
  assert.deepEqual(other.referrer, { referrerStart: 9_500_000, refVisitCount: 1, ref: { medium: 'social' } });
});
