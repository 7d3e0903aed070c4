// Demo mode answers only this machine (docs/server.md "Demo mode"): the one rule that says whether
// a request came straight from it, or through a proxy (forwarding headers, or a Host that is not a
// loopback name).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isLocalRequest } from '../../server/plugins/demoGate.ts';

test('a loopback Host without forwarding headers is local, with or without a port, in any case', () => {
  for (const host of ['localhost', 'LOCALHOST', 'localhost:8080', '127.0.0.1', '127.0.0.1:8080', '127.8.9.10:80', '[::1]', '[::1]:8080', '[0:0:0:0:0:0:0:1]:8080']) {
    assert.equal(isLocalRequest({ host }), true, host);
  }
});

test('a Host that is not a loopback name is not local, nor a request without a Host', () => {
  for (const host of ['comments.example.com', 'comments.example.com:443', '192.0.2.7', '192.0.2.7:8080', '[2001:db8::1]:8080', '128.0.0.1', '0.0.0.0:8080',
    'localhost.example.com', '127.0.0.1.nip.io', 'localhost:8080@evil.example', '::1', '[::1', '']) {
    assert.equal(isLocalRequest({ host }), false, host);
  }
  assert.equal(isLocalRequest({}), false);
});

test('any forwarding header makes a request one that came through a proxy, whatever its Host', () => {
  const headers = {
    forwarded: 'for=203.0.113.9;proto=https',
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-host': 'comments.example.com',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    'x-forwarded-server': 'proxy-1',
    'x-real-ip': '203.0.113.9',
  };
  for (const [name, value] of Object.entries(headers)) {
    assert.equal(isLocalRequest({ host: '127.0.0.1:8080', [name]: value }), false, name);
    assert.equal(isLocalRequest({ host: 'localhost', [name]: '' }), false, `${name}, even empty`);
  }
  assert.equal(isLocalRequest({ host: 'localhost', origin: 'https://comments.example.com', 'user-agent': 'curl/8' }), true, 'other headers say nothing');
});
