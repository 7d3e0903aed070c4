import assert from 'node:assert/strict';
import { test } from 'node:test';
import { authChecks, SlidingWindowLimiter } from '../../server/plugins/rateLimit.ts';

const limit = { limit: 3, windowMs: 1000 };

test('allows up to the limit within the window, then refuses with the seconds to wait', () => {
  let now = 0;
  const limiter = new SlidingWindowLimiter(() => now);
  for (let i = 0; i < 3; i++) {
    assert.equal(limiter.attempt([{ key: 'a', limit }]), null);
    now += 100;
  }
  assert.deepEqual(limiter.attempt([{ key: 'a', limit }]), { retryAfter: 1 });
  assert.equal(limiter.attempt([{ key: 'b', limit }]), null, 'other keys are independent');
  now = 1000; // the first attempt (at 0) has left the window
  assert.equal(limiter.attempt([{ key: 'a', limit }]), null);
  assert.ok(limiter.attempt([{ key: 'a', limit }]));
});

test('the window slides: each attempt leaves it windowMs after it was made', () => {
  let now = 0;
  const limiter = new SlidingWindowLimiter(() => now);
  const long = { limit: 2, windowMs: 10_000 };
  limiter.attempt([{ key: 'k', limit: long }]);
  now = 6000;
  limiter.attempt([{ key: 'k', limit: long }]);
  now = 7000;
  assert.deepEqual(limiter.attempt([{ key: 'k', limit: long }]), { retryAfter: 3 });
  now = 10_000;
  assert.equal(limiter.attempt([{ key: 'k', limit: long }]), null);
  assert.deepEqual(limiter.attempt([{ key: 'k', limit: long }]), { retryAfter: 6 });
});

test('a refused attempt is not counted, and no key is charged when any is full', () => {
  let now = 0;
  const limiter = new SlidingWindowLimiter(() => now);
  const one = { limit: 1, windowMs: 1000 };
  limiter.attempt([{ key: 'full', limit: one }]);
  assert.ok(limiter.attempt([{ key: 'full', limit: one }, { key: 'free', limit: one }]));
  assert.equal(limiter.attempt([{ key: 'free', limit: one }]), null);
  now = 1000;
  assert.equal(limiter.attempt([{ key: 'full', limit: one }]), null);
});

test('authChecks: one key per IP and per email, per action', () => {
  const checks = authChecks('login', '1.2.3.4', 'a@b.c');
  assert.deepEqual(checks.map((c) => c.key), ['login:ip:1.2.3.4', 'login:email:a@b.c']);
  assert.deepEqual(checks.map((c) => c.limit.limit), [10, 5]);
});

test('authChecks: configured limits, and 0 turns one off', () => {
  const checks = authChecks('signup', '1.2.3.4', 'a@b.c', { perIp: 0, perEmail: 2 });
  assert.deepEqual(checks.map((c) => [c.key, c.limit.limit]), [['signup:email:a@b.c', 2]]);
});

test('takeBack: the attempt made at that time no longer counts under its keys; the others stay', () => {
  let now = 0;
  const limiter = new SlidingWindowLimiter(() => now);
  const two = { limit: 2, windowMs: 1000 };
  const checks = [{ key: 'ip', limit: two }, { key: 'email', limit: two }];
  assert.equal(limiter.attempt(checks), null);
  now = 10;
  assert.equal(limiter.attempt(checks, 10), null);
  assert.ok(limiter.attempt(checks), 'full');
  limiter.takeBack(['ip', 'email'], 10); // the login at 10 succeeded
  assert.equal(limiter.attempt(checks), null, 'room for one more');
  assert.deepEqual(limiter.attempt(checks), { retryAfter: 1 }, 'the attempt at 0 still counts');
});
