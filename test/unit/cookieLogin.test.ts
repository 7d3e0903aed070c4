/** Cookie login on the page (core/session/cookieLogin.ts): reading the publisher's cookie, and the spec's refusal without one. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { autoCookieLogin, cookieLogin, NO_COOKIE, readCookie } from '../../core/session/cookieLogin.ts';
import { setPublisher } from '../../core/global-api/bus.ts';
import type { SessionState } from '../../core/session/slice.ts';

const state = (cookieName: string | null) => () => ({ session: { settings: { authprovider_custom_cookie_name: cookieName }, user: null } as unknown as SessionState });

describe('cookie login', () => {
  it('reads the named cookie, decoding it, and nothing else', () => {
    const jar = 'pub_sso_old=1; pub_sso=eyJhbGciOi%2Bx.y.z; other=2';
    assert.equal(readCookie('pub_sso', jar), 'eyJhbGciOi+x.y.z');
    assert.equal(readCookie('missing', jar), null);
    assert.equal(readCookie('empty', 'empty=; a=b'), null);
    assert.equal(readCookie('raw', 'raw=%E0%A4%A'), '%E0%A4%A');
  });

  it(`rejects with '${NO_COOKIE}' without a value or a cookie, publishing the failure, and calls nothing`, async () => {
    const events: { name: string; payload: unknown }[] = [];
    setPublisher((_channel, name, payload) => events.push({ name, payload }));
    const dispatched: unknown[] = [];
    try {
      await assert.rejects(cookieLogin((a: unknown) => dispatched.push(a), state('pub_sso'), '  '), { message: NO_COOKIE });
      await assert.rejects(cookieLogin((a: unknown) => dispatched.push(a), state(null)), { message: NO_COOKIE });
    } finally {
      setPublisher(null);
    }
    assert.equal(dispatched.length, 0);
    assert.deepEqual(events.map((e) => [e.name, (e.payload as { type: string }).type]), [['login_failure', 'cookie'], ['login_failure', 'cookie']]);
  });

  it('startup auto-login does nothing when the site names no cookie or the page has none', async () => {
    const dispatched: unknown[] = [];
    await autoCookieLogin((a: unknown) => dispatched.push(a), state(null));
    await autoCookieLogin((a: unknown) => dispatched.push(a), state('pub_sso'));
    assert.equal(dispatched.length, 0);
  });
});
