// Webhooks' pure rules (docs/webhooks.md): which addresses count as private, which URLs may be
// registered in demo and production mode, the back-off schedule with its jitter, the signature.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { signature } from '../../server/webhooks/sender.ts';
import { isPrivateAddress, urlProblem } from '../../server/webhooks/targets.ts';
import { RETRY_DELAYS_MS, retryDelay } from '../../server/webhooks/worker.ts';

describe('webhook targets', () => {
  test('private, loopback, link-local and reserved addresses are private; public ones are not', () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd12::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      assert.equal(isPrivateAddress(address), true, address);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', 'hooks.example.com']) assert.equal(isPrivateAddress(address), false, address);
  });

  test('production: https only, no credentials, no private targets unless allowed', () => {
    const strict = { demo: false, allowPrivate: false };
    assert.equal(urlProblem('https://hooks.example.com/vf?x=1', strict), null);
    assert.match(urlProblem('http://hooks.example.com/', strict)!, /https/);
    assert.match(urlProblem('https://a:b@hooks.example.com/', strict)!, /password/);
    assert.match(urlProblem('https://hooks.example.com/#x', strict)!, /fragment/);
    assert.match(urlProblem('https://10.0.0.1/', strict)!, /private network/);
    assert.match(urlProblem('https://api.localhost/', strict)!, /private network/);
    assert.match(urlProblem('https://[::ffff:7f00:1]/', strict)!, /private network/);
    assert.match(urlProblem(`https://x.example/${'a'.repeat(2040)}`, strict)!, /2048/);
    assert.equal(urlProblem('https://10.0.0.1/', { demo: false, allowPrivate: true }), null);
  });

  test('demo mode: http to this machine only', () => {
    const demo = { demo: true, allowPrivate: false };
    assert.equal(urlProblem('http://127.0.0.1:4000/hooks', demo), null);
    assert.equal(urlProblem('http://localhost:4000/hooks', demo), null);
    assert.equal(urlProblem('https://10.0.0.1/', demo), null);
    assert.match(urlProblem('http://10.0.0.1/', demo)!, /this machine/);
  });
});

describe('webhook retries and signatures', () => {
  test('the waits grow from 10 s to a day, each within ±20 %', () => {
    assert.deepEqual([1, 2, 3, 8, 12].map((n) => retryDelay(n, 0.5)), [10_000, 60_000, 300_000, 86_400_000, 86_400_000]);
    assert.equal(retryDelay(1, 0), 8_000);
    assert.equal(retryDelay(1, 0.999999), 12_000);
    assert.equal(RETRY_DELAYS_MS.length, 8);
  });

  test('the signature is HMAC-SHA256 of "<t>.<body>" in hex, with t', () => {
    const body = '{"id":"d","type":"webhook.ping"}';
    const mac = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    assert.equal(signature('whsec_test', body, 1700000000), `t=1700000000,v1=${mac}`);
  });
});
