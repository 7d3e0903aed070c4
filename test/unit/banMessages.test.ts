import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorFromResponse } from '../../core/api/errors.ts';
import { banDetailMessages, banText } from '../../elements/ui/banMessages.ts';
import { loginFailure } from '../../elements/ui/loginErrors.ts';

const body = (ban: unknown, api_code = 262151) => JSON.stringify({ error_status: 403, message: 'x', api_code, ban });

test('ban details from the error body: end date (seconds) or permanent, then the reason', () => {
  const timed = errorFromResponse(403, body({ reason: 'spam', end_date: 1_800_000_000, permanent: false }));
  assert.deepEqual(banDetailMessages(timed), [
    { id: 'base.ban.until', values: { endDate: new Date(1_800_000_000_000) } },
    { id: 'base.ban.reason', values: { reason: 'spam' } },
  ]);
  const forever = errorFromResponse(403, body({ reason: '', end_date: null, permanent: true }));
  assert.deepEqual(banDetailMessages(forever), [{ id: 'base.ban.permanent' }]);
  assert.deepEqual(banDetailMessages(errorFromResponse(403, '{"message":"no"}')), []);
});

test('banText joins the api code message and the details (the compose box)', () => {
  const error = errorFromResponse(403, body({ reason: 'r', end_date: null, permanent: true }, 65540));
  const t = (id: string, values?: Record<string, unknown>) => `[${id}${values ? `:${Object.keys(values).join(',')}` : ''}]`;
  assert.equal(banText(t, 'base.error.banned_from_posting', error), '[base.error.banned_from_posting] [base.ban.permanent] [base.ban.reason:reason]');
});

test('loginFailure: banned login/signup carry the details; 429 reads as too many attempts', () => {
  const banned = loginFailure({ status: 403, data: JSON.parse(body({ reason: 'r', end_date: 5, permanent: false })) });
  assert.equal(banned.form, 'base.error.login_banned');
  assert.equal(banned.details?.[0]?.id, 'base.ban.until');
  const signup = loginFailure({ status: 403, data: JSON.parse(body({ reason: 'r', end_date: null, permanent: true }, 458753)) });
  assert.equal(signup.form, 'base.error.signup_banned');
  assert.equal(signup.details?.[0]?.id, 'base.ban.permanent');
  assert.equal(loginFailure({ status: 429, data: { error_status: 429, message: 'Too many attempts' } }).form, 'base.login.error.tooMany');
});
