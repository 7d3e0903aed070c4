import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  bootstrapFailed, bootstrapped, bootstrapRequested, isLoggedInUser, loggedIn, loggedOut, selectIsLoggedIn,
  sessionSlice, type SessionState,
} from '../../core/session/slice.ts';
import { ANONYMOUS_UUID } from '../../core/ids/index.ts';
import type { BootstrapResult } from '../../core/api/types.ts';
import { SITE, user } from './helpers/fixtures.ts';

const reduce = sessionSlice.reducer;
const initial = reduce(undefined, { type: 'init' });
const result = (overrides: Partial<BootstrapResult> = {}): BootstrapResult => ({
  user: null,
  settings: { enable_commenting: true } as BootstrapResult['settings'],
  sectionTree: { section_id: SITE, name: 'Demo', children: [] },
  section_uuid: SITE,
  session: 'abcdefghijklmnop',
  ...overrides,
});
const apiError = { error_status: 404, message: 'No site is configured for x', data: null };

describe('session slice', () => {
  it('starts idle with no user', () => {
    assert.equal(initial.status, 'idle');
    assert.equal(initial.user, null);
  });

  it('idle → loading → ready, keeping user, settings and section', () => {
    const loading = reduce(initial, bootstrapRequested());
    assert.equal(loading.status, 'loading');
    const ready = reduce(loading, bootstrapped(result({ user: user() })));
    assert.equal(ready.status, 'ready');
    assert.equal(ready.sectionUuid, SITE);
    assert.equal(ready.user?.name, 'Reader');
    assert.equal(ready.session, 'abcdefghijklmnop');
    assert.equal(bootstrapped.type, 'session/bootstrapped');
  });

  it('loading → failed, and failed → loading on retry', () => {
    const failed = reduce(reduce(initial, bootstrapRequested()), bootstrapFailed(apiError));
    assert.equal(failed.status, 'failed');
    assert.deepEqual(failed.error, apiError);
    const retrying = reduce(failed, bootstrapRequested());
    assert.equal(retrying.status, 'loading');
    assert.equal(retrying.error, null);
  });

  it('a ready session is not sent back to loading', () => {
    const ready = reduce(initial, bootstrapped(result()));
    assert.equal(reduce(ready, bootstrapRequested()).status, 'ready');
    assert.equal(reduce(ready, bootstrapFailed(apiError)).status, 'ready');
  });

  it('loggedIn sets the user, loggedOut clears it', () => {
    const ready = reduce(initial, bootstrapped(result()));
    const inState = reduce(ready, loggedIn({ user: user(), session: 'zzzzzzzzzzzzzzzz', access_token: 'a', refresh_token: 'r' }));
    assert.equal(loggedIn.type, 'session/loggedIn');
    assert.equal(selectIsLoggedIn({ session: inState }), true);
    const outState: SessionState = reduce(inState, loggedOut());
    assert.equal(loggedOut.type, 'session/loggedOut');
    assert.equal(outState.user, null);
    assert.equal(selectIsLoggedIn({ session: outState }), false);
  });

  it('guests are not logged in', () => {
    assert.equal(isLoggedInUser(user({ user_privilege: 'guest' })), false);
    assert.equal(isLoggedInUser(user({ anonymous: true })), false);
    assert.equal(isLoggedInUser(user({ uuid: ANONYMOUS_UUID })), false);
    assert.equal(isLoggedInUser(null), false);
  });
});
