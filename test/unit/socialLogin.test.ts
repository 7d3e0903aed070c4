/**
 * The social login popup (core/session/socialLogin.ts; spec §4, §5, §9): the window it opens,
 * which messages it takes, and every way a flow ends (token, error, closed popup, a newer flow).
 * The browser's window, timers and message events are replaced by hand-driven stand-ins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ANOTHER_FLOW, CLOSED_CHECK_MS, POPUP_BLOCKED, POPUP_CLOSED, socialLoginToken, type SocialLoginEnv,
} from '../../core/session/socialLogin.ts';
import { manualTimers } from '../support/manualTimers.ts';

const API = 'https://comments.example.com';
const PAGE = 'https://news.example.com/article?id=1';
const TOKEN = 'A'.repeat(43);

function setup(opts: { blocked?: boolean } = {}) {
  const timers = manualTimers();
  const popups: { url: string; features: string; closed: boolean; close(): void }[] = [];
  let handlers: ((event: { origin: string; data: unknown; source: unknown }) => void)[] = [];
  let flows = 0;
  const env: SocialLoginEnv = {
    open(url, features) {
      if (opts.blocked) return null;
      const popup = { url, features, closed: false, close() { this.closed = true; } };
      popups.push(popup);
      return popup;
    },
    timers,
    listen(handler) {
      handlers.push(handler);
      return () => (handlers = handlers.filter((h) => h !== handler));
    },
    apiBase: `${API}/api/v2`,
    pageUrl: PAGE,
    siteUuid: '5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c',
    frame: { x: 100, y: 50, width: 1250, height: 900 },
    newFlowId: () => `flow-${++flows}-0123456789abcdef`,
  };
  const post = (origin: string, data: unknown) => handlers.forEach((h) => h({ origin, data, source: null }));
  return { env, timers, popups, post, listeners: () => handlers.length };
}

/** Settles a promise into a readable outcome without waiting for it. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: Error; done: boolean } = { done: false };
  promise.then((value) => Object.assign(state, { value, done: true }), (error: Error) => Object.assign(state, { error, done: true }));
  return state;
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('social login popup', () => {
  it('opens the server’s /thirdparty/{type} in a 450×500 popup centred on the window', () => {
    const { env, popups } = setup();
    void socialLoginToken('google', env).catch(() => undefined);
    const url = new URL(popups[0]!.url);
    assert.equal(`${url.origin}${url.pathname}`, `${API}/api/v2/thirdparty/google`);
    assert.deepEqual(Object.fromEntries(url.searchParams), { callback: PAGE, site: env.siteUuid, client: 'flow-1-0123456789abcdef' });
    assert.equal(popups[0]!.features, 'popup=yes,width=450,height=500,left=500,top=250');
  });

  it('refuses types outside the spec list with its message, opening nothing', async () => {
    const { env, popups } = setup();
    await assert.rejects(socialLoginToken('myspace', env), {
      message: 'Invalid social login type specified: myspace. Valid types are: apple, facebook, google, twitter, linkedin, yahoo, windowslive, aol',
    });
    assert.equal(popups.length, 0);
  });

  it('takes a token-shaped message for its flow from the API origin, then closes the popup', async () => {
    const { env, popups, post, listeners } = setup();
    const flow = track(socialLoginToken('facebook', env));
    post('https://evil.example', { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', token: TOKEN });
    post(API, { type: 'vf-social-login', flow: 'another-flow-0123456789', token: TOKEN });
    post(API, { type: 'other', flow: 'flow-1-0123456789abcdef', token: TOKEN });
    post(API, { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', token: '<script>' });
    post(API, 'vf-social-login');
    await settle();
    assert.equal(flow.done, false, 'nothing accepted yet');
    post(API, { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', token: TOKEN });
    await settle();
    assert.equal(flow.value, TOKEN);
    assert.equal(popups[0]!.closed, true);
    assert.equal(listeners(), 0);
  });

  it('also takes the message from the page’s own origin', async () => {
    const { env, post } = setup();
    const flow = track(socialLoginToken('google', env));
    post(new URL(PAGE).origin, { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', token: TOKEN });
    await settle();
    assert.equal(flow.value, TOKEN);
  });

  it('rejects with the error the popup reports, and closes it', async () => {
    const { env, popups, post } = setup();
    const flow = track(socialLoginToken('google', env));
    post(API, { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', error: 'OAuth login failed' });
    await settle();
    assert.equal(flow.error?.message, 'OAuth login failed');
    assert.equal(popups[0]!.closed, true);
  });

  it('a popup closed before a token arrives cancels the flow when the next 500 ms check finds it still closed', async () => {
    const { env, timers, popups, listeners } = setup();
    const flow = track(socialLoginToken('yahoo', env));
    timers.tick(CLOSED_CHECK_MS);
    popups[0]!.closed = true;
    timers.tick(CLOSED_CHECK_MS); // the check that first sees it closed waits one more round
    await settle();
    assert.equal(flow.done, false);
    timers.tick(CLOSED_CHECK_MS - 1);
    await settle();
    assert.equal(flow.done, false);
    timers.tick(1);
    await settle();
    assert.equal(flow.error?.message, POPUP_CLOSED);
    assert.equal(listeners(), 0);
    assert.equal(timers.pending(), 0);
  });

  it('a token that arrives just after the popup closed itself still signs in', async () => {
    const { env, timers, popups, post } = setup();
    const flow = track(socialLoginToken('yahoo', env));
    popups[0]!.closed = true;
    timers.tick(CLOSED_CHECK_MS);
    post(API, { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', token: TOKEN });
    await settle();
    assert.equal(flow.value, TOKEN);
  });

  it('a new flow rejects the pending one and closes its popup', async () => {
    const { env, popups, post } = setup();
    const first = track(socialLoginToken('google', env));
    const second = track(socialLoginToken('apple', env));
    await settle();
    assert.equal(first.error?.message, ANOTHER_FLOW);
    assert.equal(popups[0]!.closed, true);
    assert.equal(popups[1]!.closed, false);
    post(API, { type: 'vf-social-login', flow: 'flow-1-0123456789abcdef', token: TOKEN });
    post(API, { type: 'vf-social-login', flow: 'flow-2-0123456789abcdef', token: TOKEN });
    await settle();
    assert.equal(second.value, TOKEN);
  });

  it('a blocked popup fails at once', async () => {
    const { env } = setup({ blocked: true });
    await assert.rejects(socialLoginToken('google', env), { message: POPUP_BLOCKED });
  });
});
