import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCodeKey, errorFromResponse, networkError, toApiError } from '../../core/api/errors.ts';

describe('error normalisation', () => {
  it('uses the server message when the body parses', () => {
    const error = errorFromResponse(400, JSON.stringify({ error_status: 400, message: 'body/email must match format "email"' }));
    assert.equal(error.error_status, 400);
    assert.equal(error.message, 'body/email must match format "email"');
    assert.equal(error.api_code, undefined);
  });

  it("defaults to 'unauthorized' for 401 and 'something went wrong' otherwise", () => {
    assert.equal(errorFromResponse(401, '').message, 'unauthorized');
    assert.equal(errorFromResponse(500, '<html>oops</html>').message, 'something went wrong');
    assert.equal(errorFromResponse(500, '<html>oops</html>').data, '<html>oops</html>');
    assert.equal(errorFromResponse(403, '{}').message, 'something went wrong');
  });

  it('keeps api_code and ban details', () => {
    const body = { error_status: 403, message: 'banned', api_code: 65540, reason: 'spam', end_date: 1700000000000, permanent: false };
    const error = errorFromResponse(403, JSON.stringify(body));
    assert.equal(error.api_code, 65540);
    assert.deepEqual(error.data, body);
    const nested = errorFromResponse(403, JSON.stringify({ message: 'banned', ban: { reason: 'r', permanent: true } }));
    assert.equal((nested.data as { reason: string }).reason, 'r');
    assert.equal((nested.data as { permanent: boolean }).permanent, true);
  });

  it("a network failure is error_status 0, 'error fetching'", () => {
    assert.deepEqual(networkError(new TypeError('fetch failed')), { error_status: 0, message: 'error fetching', data: 'fetch failed' });
  });

  it('toApiError accepts ApiErrors, fetch-style errors, Errors and junk', () => {
    const apiError = { error_status: 409, message: 'taken', data: null };
    assert.equal(toApiError(apiError), apiError);
    assert.equal(toApiError({ status: 401, data: '' }).message, 'unauthorized');
    assert.equal(toApiError({ error: apiError }), apiError);
    assert.equal(toApiError(new Error('boom')).message, 'boom');
    assert.equal(toApiError(undefined).message, 'something went wrong');
  });

  it('maps api codes to message keys', () => {
    assert.equal(apiCodeKey(65540), 'banned_from_posting');
    assert.equal(apiCodeKey(262151), 'login_banned');
    assert.equal(apiCodeKey(458753), 'signup_banned');
    assert.equal(apiCodeKey(1), 'something_went_wrong');
    assert.equal(apiCodeKey(undefined), 'something_went_wrong');
  });
});
