/**
 * Login events (spec platform.md §4 "Login lifecycle"): one announcement per email, the signup
 * referral tracked with the signup event and cleared by the next login, cancel / close,
 * and `authentication / required`, which site code may swallow to run its own login.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { AuthResult, User } from '../../core/api/types.ts';
import { createEventBus, type EventBus } from '../../core/global-api/events.ts';
import { setPublisher } from '../../core/global-api/bus.ts';
import {
  announceLogin, announceLoginCancel, announceLoginDialogClosed, announceLoginRequired, announceLogout, resetLoginEvents,
} from '../../core/session/loginEvents.ts';
import { SIGNUP_REFERRAL_KEY, readSignupReferral, writeSignupReferral } from '../../core/session/storage.ts';
import { createAppStore } from '../../core/store/index.ts';
import { installLocalStorage } from './helpers/memoryStorage.ts';

const storage = installLocalStorage();
let bus: EventBus;
let heard: { name: string; payload: unknown }[];

const user = (email: string): User =>
  ({ id: 1, uuid: '3f1d0c4e-1b2a-4c3d-8e9f-0a1b2c3d4e5f', name: 'Ada', email, user_privilege: 'user', anonymous: false, ban_level: 'none' }) as User;
const auth = (email: string): AuthResult => ({ user: user(email), session: 'abcdefghijklmnop1234', access_token: 'a', refresh_token: 'r' });

beforeEach(() => {
  storage.clear();
  resetLoginEvents();
  heard = [];
  bus = createEventBus();
  for (const name of ['login', 'signup', 'cancel', 'close_modal', 'logout', 'required']) {
    bus.$subscribe('authentication', name, (payload) => heard.push({ name, payload }));
  }
  (globalThis as { vf?: EventBus }).vf = bus;
  setPublisher(bus.$publish);
});
afterEach(() => {
  setPublisher(null);
  delete (globalThis as { vf?: EventBus }).vf;
});

describe('login success', () => {
  it('stores the user and publishes login with the is-new flag and type', () => {
    const store = createAppStore();
    announceLogin(store.dispatch, auth('ada@example.test'), { type: 'email', isNew: false, email: 'ada@example.test' });
    assert.equal(store.getState().session.user?.email, 'ada@example.test');
    assert.deepEqual(heard.map((e) => e.name), ['login']);
    assert.deepEqual(heard[0]!.payload, { user: user('ada@example.test'), is_new: false, type: 'email' });
  });

  it('is announced once per email (a second path logging the same reader in is silent) until logout', () => {
    const store = createAppStore();
    announceLogin(store.dispatch, auth('ada@example.test'), { type: 'email', isNew: false, email: 'Ada@Example.test' });
    announceLogin(store.dispatch, auth('ada@example.test'), { type: 'cookie', isNew: false });
    assert.equal(heard.filter((e) => e.name === 'login').length, 1);
    announceLogin(store.dispatch, auth('grace@example.test'), { type: 'email', isNew: false, email: 'grace@example.test' });
    assert.equal(heard.filter((e) => e.name === 'login').length, 2);
    announceLogout();
    announceLogin(store.dispatch, auth('grace@example.test'), { type: 'email', isNew: false, email: 'grace@example.test' });
    assert.equal(heard.filter((e) => e.name === 'login').length, 3);
  });
});

describe('signup referral', () => {
  it('a new account tracks signup with the stored referral and login type, then clears it', () => {
    writeSignupReferral('comment.create', 1700000000000);
    announceLogin(createAppStore().dispatch, auth('new@example.test'), { type: 'signup', isNew: true, email: 'new@example.test' });
    assert.deepEqual(heard.map((e) => e.name), ['login', 'signup']);
    assert.deepEqual(heard[1]!.payload, { referral: { action: 'comment.create', timestamp: 1700000000000 }, type: 'signup' });
    assert.equal(storage.getItem(SIGNUP_REFERRAL_KEY), null);
  });

  it('is kept until the next login, which clears it without a signup event', () => {
    writeSignupReferral('comment.like');
    assert.equal(readSignupReferral()?.action, 'comment.like');
    announceLogin(createAppStore().dispatch, auth('old@example.test'), { type: 'email', isNew: false, email: 'old@example.test' });
    assert.deepEqual(heard.map((e) => e.name), ['login']);
    assert.equal(readSignupReferral(), null);
  });

  it('a stored entry that is not a referral reads as none', () => {
    storage.setItem(SIGNUP_REFERRAL_KEY, '{not json');
    assert.equal(readSignupReferral(), null);
    storage.setItem(SIGNUP_REFERRAL_KEY, JSON.stringify({ action: 5 }));
    assert.equal(readSignupReferral(), null);
  });
});

describe('dialog events', () => {
  it('a dismissed dialog publishes cancel with the login type, then close_modal; a successful one only close_modal', () => {
    announceLoginCancel('signup');
    announceLoginDialogClosed();
    assert.deepEqual(heard, [
      { name: 'cancel', payload: { type: 'signup' } },
      { name: 'close_modal', payload: {} },
      { name: 'close_modal', payload: {} },
    ]);
  });
});

describe('authentication / required', () => {
  it('is published and lets the widget go on when nobody intercepts it', () => {
    assert.equal(announceLoginRequired('comment.create'), true);
    assert.deepEqual(heard, [{ name: 'required', payload: { action: 'comment.create' } }]);
  });

  it('site code swallowing it ($prepublish returning false) stops the widget’s own login', () => {
    let sentTo = '';
    bus.$prepublish('authentication', 'required', (payload) => {
      sentTo = `/login?for=${(payload as { action: string }).action}`;
      return false;
    });
    assert.equal(announceLoginRequired('comment.like'), false);
    assert.equal(sentTo, '/login?for=comment.like');
    assert.deepEqual(heard, []);
  });
});
