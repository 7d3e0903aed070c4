/**
 * Consent in Chromium (content.md §5, §8, §9) with a stand-in CMP that speaks the IAB TCF v2 API
 * (`__tcfapi('addEventListener' | 'removeEventListener', 2, …)`): granted, denied, the dialog shown
 * then a choice, GDPR not applying, a CMP that fails, and no CMP at all. Without consent there are
 * no cookies, no stored queue and nothing sent; the consent event goes once per browser.
 */
import { expect } from '@open-wc/testing';
import { CONSENT_VENDOR_IDS } from '../../core/analytics/consent.ts';
import { QUEUE_KEY } from '../../core/analytics/queue.ts';
import { bootCore } from './support/boot.ts';
import { clearAnalyticsState, COOKIES, leavePage, restartAnalytics, sent, sentEvents } from './support/analyticsClient.ts';

type Listener = (data: object | null, success: boolean) => void;
interface StandIn {
  removed: number[];
  choose(consents: Record<number, boolean>): void;
}

/** A CMP: answers at once (`initial`), or shows its dialog until `choose`. */
function installCmp(initial: { consents?: Record<number, boolean>; gdprApplies?: boolean; fail?: boolean } | 'dialog'): StandIn {
  const listeners = new Map<number, Listener>();
  let nextId = 1;
  const tcData = (status: string, consents: Record<number, boolean>, gdprApplies = true) => ({
    tcString: 'CPtestTCString', gdprApplies, eventStatus: status, cmpStatus: 'loaded', vendor: { consents, legitimateInterests: {} }, purpose: { consents: { 1: true } },
  });
  (window as unknown as { __tcfapi: unknown }).__tcfapi = (command: string, version: number, callback: Listener, parameter?: number) => {
    if (version !== 2) return callback(null, false);
    if (command === 'addEventListener') {
      const listenerId = nextId++;
      listeners.set(listenerId, callback);
      setTimeout(() => {
        if (initial === 'dialog') return callback({ ...tcData('cmpuishown', {}), listenerId }, true);
        if (initial.fail) return callback(null, false);
        callback({ ...tcData('tcloaded', initial.consents ?? {}, initial.gdprApplies), listenerId }, true);
      }, 20);
    } else if (command === 'removeEventListener') {
      stand.removed.push(parameter!);
      listeners.delete(parameter!);
      callback(null, true);
    }
  };
  const stand: StandIn = {
    removed: [],
    choose(consents) {
      for (const [listenerId, callback] of listeners) callback({ ...tcData('useractioncomplete', consents), listenerId }, true);
    },
  };
  return stand;
}

const cookieNames = () => document.cookie.split(';').map((c) => c.split('=')[0]!.trim());
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('analytics consent (TCF v2)', () => {
  before(() => bootCore());
  beforeEach(() => clearAnalyticsState());
  afterEach(() => {
    leavePage();
    delete (window as unknown as { __tcfapi?: unknown }).__tcfapi;
  });

  it('the vendor ids are 1138, 95 and 561', () => {
    expect([...CONSENT_VENDOR_IDS]).to.deep.equal([1138, 95, 561]);
  });

  it('granted for one of vf\'s vendor ids: cookies, the page view, and the consent event with the TC string', async () => {
    const cmp = installCmp({ consents: { 95: true } });
    await restartAnalytics();
    leavePage();
    expect(cookieNames()).to.include.members([...COOKIES]);
    expect(sentEvents('page_view')).to.have.length(1);
    expect(sentEvents('consent').map((e) => e.data)).to.deep.equal([{ required: true, granted: true, error: null, tc_string: 'CPtestTCString' }]);
    expect(cmp.removed).to.deep.equal([1], 'stops listening once answered');
  });

  it('denied: no cookie (an earlier visit\'s are removed), nothing stored, nothing sent', async () => {
    await restartAnalytics();
    leavePage();
    expect(cookieNames()).to.include(COOKIES[2]);
    sent.length = 0;
    localStorage.setItem(QUEUE_KEY, '[]');
    installCmp({ consents: { 1138: false, 12: true } });
    await restartAnalytics();
    await wait(3500);
    leavePage();
    for (const name of COOKIES) expect(cookieNames()).not.to.include(name);
    expect(localStorage.getItem(QUEUE_KEY)).to.equal(null);
    expect(sent).to.deep.equal([]);
  });

  it('the dialog is shown: analytics waits for the reader\'s choice, then starts', async () => {
    const cmp = installCmp('dialog');
    const started = restartAnalytics();
    await wait(300);
    expect(cookieNames()).not.to.include(COOKIES[0]);
    cmp.choose({ 561: true });
    await started;
    leavePage();
    expect(cookieNames()).to.include(COOKIES[0]);
    expect(sentEvents('page_view')).to.have.length(1);
  });

  it('a CMP that fails (no-data) counts as no consent: nothing is sent and nothing breaks', async () => {
    installCmp({ fail: true });
    await restartAnalytics();
    leavePage();
    expect(sent).to.deep.equal([]);
    for (const name of COOKIES) expect(cookieNames()).not.to.include(name);
  });

  it('GDPR not applying: consent not required, analytics runs', async () => {
    installCmp({ gdprApplies: false });
    await restartAnalytics();
    leavePage();
    expect(sentEvents('page_view')).to.have.length(1);
    expect(sentEvents('consent')[0]!.data).to.include({ required: false, granted: true });
  });

  it('no __tcfapi: runs, reports tcfapi-not-supported once per browser', async () => {
    await restartAnalytics();
    await restartAnalytics();
    leavePage();
    expect(sentEvents('page_view')).to.have.length(2);
    expect(sentEvents('consent').map((e) => e.data)).to.deep.equal([{ required: false, granted: true, error: 'tcfapi-not-supported', tc_string: null }]);
  });
});
