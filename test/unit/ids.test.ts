import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ANONYMOUS_UUID, MAX_SAFE_ID, decodeNumericId, encodeNumericId, isSessionId, isUuid, toMillis,
} from '../../core/ids/index.ts';

describe('identifiers', () => {
  it('the anonymous uuid is all zeros and is a uuid', () => {
    assert.equal(ANONYMOUS_UUID, '00000000-0000-0000-0000-000000000000');
    assert.ok(isUuid(ANONYMOUS_UUID));
  });

  it('accepts only the 8-4-4-4-12 hex form', () => {
    assert.ok(isUuid('3f2504e0-4f89-11d3-9a0c-0305e82c3301'));
    assert.ok(isUuid('3F2504E0-4F89-11D3-9A0C-0305E82C3301'));
    for (const bad of ['', '3f2504e04f8911d39a0c0305e82c3301', '3f2504e0-4f89-11d3-9a0c-0305e82c330', 'g f2504e0-4f89-11d3-9a0c-0305e82c3301', 42, null]) {
      assert.equal(isUuid(bad), false, String(bad));
    }
  });

  it('encodes numeric ids as uuids up to 2^52-1 and back', () => {
    assert.equal(MAX_SAFE_ID, 2 ** 52 - 1);
    assert.equal(encodeNumericId(0), '00000000-0000-4000-8000-000000000000');
    assert.equal(encodeNumericId(255), '00000000-0000-4000-8000-0000000000ff');
    assert.equal(encodeNumericId(MAX_SAFE_ID), '00000000-0000-4000-800f-ffffffffffff');
    for (const n of [0, 1, 12345, 2 ** 48 - 1, 2 ** 48, MAX_SAFE_ID]) {
      const uuid = encodeNumericId(n);
      assert.ok(isUuid(uuid), uuid);
      assert.equal(decodeNumericId(uuid), n);
    }
    assert.equal(decodeNumericId(ANONYMOUS_UUID), null);
  });

  it('refuses negative, fractional and too-large ids with a RangeError', () => {
    for (const bad of [-1, 1.5, MAX_SAFE_ID + 1, Number.NaN, Infinity]) {
      assert.throws(() => encodeNumericId(bad), RangeError);
    }
  });

  it('a session id is empty or 16-32 alphanumerics', () => {
    assert.ok(isSessionId(''));
    assert.ok(isSessionId('a'.repeat(16)));
    assert.ok(isSessionId('Ab3'.repeat(10) + 'xy'));
    for (const bad of ['a'.repeat(15), 'a'.repeat(33), 'abcdefghijklmno-', null, undefined, 1234567890123456]) {
      assert.equal(isSessionId(bad), false, String(bad));
    }
  });

  it('timestamps under 13 digits are seconds', () => {
    assert.equal(toMillis(1_700_000_000), 1_700_000_000_000);
    assert.equal(toMillis(1_700_000_000_123), 1_700_000_000_123);
    assert.equal(toMillis(0), 0);
  });
});

describe('identifiers: the remaining edges', () => {
  it('a 12-digit timestamp is still seconds; 13 digits are milliseconds', () => {
    assert.equal(toMillis(999_999_999_999), 999_999_999_999_000);
    assert.equal(toMillis(1_000_000_000_000), 1_000_000_000_000);
    assert.equal(toMillis(1), 1000);
  });

  it('numeric ids: 2^52-1 is the largest encodable, 2^52 and unsafe integers are refused', () => {
    assert.equal(decodeNumericId(encodeNumericId(MAX_SAFE_ID)), MAX_SAFE_ID);
    assert.throws(() => encodeNumericId(2 ** 52), RangeError);
    assert.throws(() => encodeNumericId(Number.MAX_SAFE_INTEGER), RangeError);
    assert.throws(() => encodeNumericId(-0.5), RangeError);
  });

  it('session ids: exactly 16 and 32 characters pass, other characters and types fail', () => {
    assert.ok(isSessionId('A1'.repeat(8)));
    assert.ok(isSessionId('z9'.repeat(16)));
    for (const bad of ['a'.repeat(16) + ' ', 'é'.repeat(16), 'a_b'.repeat(6), {}, 0]) assert.equal(isSessionId(bad), false, String(bad));
  });

  it('uuids: surrounding text, braces and urn forms are not uuids', () => {
    for (const bad of [` ${ANONYMOUS_UUID}`, `{${ANONYMOUS_UUID}}`, `urn:uuid:${ANONYMOUS_UUID}`, `${ANONYMOUS_UUID}0`]) assert.equal(isUuid(bad), false, bad);
  });
});
