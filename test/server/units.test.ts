import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Sqlite from 'better-sqlite3';
import type { ContentEvent, ServerFrame } from '../../core/api/types.ts';
import { DEFAULT_PASSWORD_COST, hashPassword, setPasswordCost, verifyPassword } from '../../server/auth/passwords.ts';
import { signAccessToken, verifyAccessToken } from '../../server/auth/tokens.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { normaliseComment } from '../../server/content/normalise.ts';
import { Hub, type HubClient } from '../../server/realtime/hub.ts';
import { cachingStatements, MAX_CACHED_SQL_LENGTH } from '../../server/storage/statementCache.ts';

describe('config', () => {
  test('defaults, a generated 0600 secret reused on the next start, and clear errors', (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'vf-config-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({ VF_DATA_DIR: dir });
    assert.equal(config.port, 8080);
    assert.equal(config.host, '127.0.0.1');
    assert.deepEqual(config.database, { engine: 'sqlite', file: join(dir, 'vf.sqlite') });
    assert.equal(statSync(join(dir, 'jwt-secret')).mode & 0o777, 0o600);
    assert.deepEqual(loadConfig({ VF_DATA_DIR: dir }).jwtSecret, config.jwtSecret);
    assert.equal(loadConfig({ VF_DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }).database.engine, 'postgres');
    assert.equal(config.firstPaint, true, 'the server-rendered first paint is on by default');
    assert.equal(loadConfig({ VF_DATA_DIR: dir, VF_FIRST_PAINT: '0' }).firstPaint, false);
    assert.equal(config.metricsToken, null, '/metrics answers loopback clients unless a token is set');
    assert.equal(loadConfig({ VF_DATA_DIR: dir, VF_METRICS_TOKEN: 'a-long-enough-token' }).metricsToken, 'a-long-enough-token');
    assert.deepEqual([config.webhookAllowPrivate, config.webhookTimeoutSeconds, config.webhookMaxAttempts], [false, 10, 8], 'webhooks: no private targets, 10 s, 8 attempts');
    const hooks = loadConfig({ VF_DATA_DIR: dir, VF_WEBHOOK_ALLOW_PRIVATE: '1', VF_WEBHOOK_TIMEOUT_SECONDS: '3', VF_WEBHOOK_MAX_ATTEMPTS: '1' });
    assert.deepEqual([hooks.webhookAllowPrivate, hooks.webhookTimeoutSeconds, hooks.webhookMaxAttempts], [true, 3, 1]);

    for (const [name, value] of [['PORT', 'http'], ['PORT', '70000'], ['LOG_LEVEL', 'loud'], ['DATABASE_URL', 'mysql://x'], ['REDIS_URL', 'nope'], ['VF_JWT_SECRET', 'short'], ['VF_FIRST_PAINT', 'yes'], ['VF_PASSWORD_COST', '9'], ['VF_PASSWORD_COST', '21'], ['VF_PASSWORD_COST', 'high'], ['VF_METRICS_TOKEN', 'short'], ['VF_METRICS_TOKEN', 'has spaces in the token'], ['VF_WEBHOOK_ALLOW_PRIVATE', 'yes'], ['VF_WEBHOOK_TIMEOUT_SECONDS', '0'], ['VF_WEBHOOK_TIMEOUT_SECONDS', '61'], ['VF_WEBHOOK_MAX_ATTEMPTS', '0'], ['VF_WEBHOOK_MAX_ATTEMPTS', '21'], ['VF_WEBHOOK_MAX_ATTEMPTS', 'many']]) {
      assert.throws(() => loadConfig({ VF_DATA_DIR: dir, [name!]: value }), (error: Error) => error instanceof ConfigError && error.message.includes(name!));
    }
  });
});

describe('tokens and passwords', () => {
  const secret = Buffer.from('x'.repeat(32));
  test('access tokens verify, and expire, tampered and alg:none tokens do not', () => {
    const token = signAccessToken({ sub: 'u', sid: 's', site: 'w' }, secret);
    assert.equal(verifyAccessToken(token, secret)?.sub, 'u');
    assert.equal(verifyAccessToken(token, Buffer.from('y'.repeat(32))), null);
    assert.equal(verifyAccessToken(token, secret, Date.now() + 16 * 60 * 1000), null);
    const [, payload] = token.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    assert.equal(verifyAccessToken(none, secret), null);
  });

  test('scrypt hashes are salted and verify', async () => {
    const [a, b] = [await hashPassword('pass-word'), await hashPassword('pass-word')];
    assert.notEqual(a, b);
    assert.equal(await verifyPassword('pass-word', a), true);
    assert.equal(await verifyPassword('pass-worD', a), false);
  });

  test('a hash keeps the cost it was made with: changing VF_PASSWORD_COST locks no one out', async () => {
    try {
      setPasswordCost(10);
      const cheap = await hashPassword('pass-word');
      setPasswordCost(DEFAULT_PASSWORD_COST);
      const dear = await hashPassword('pass-word');
      assert.match(cheap, /^scrypt\$1024\$/);
      assert.match(dear, /^scrypt\$16384\$/);
      assert.equal(await verifyPassword('pass-word', cheap), true);
      assert.equal(await verifyPassword('pass-word', dear), true);
    } finally {
      setPasswordCost(DEFAULT_PASSWORD_COST);
    }
  });
});

describe('normaliseComment', () => {
  test('control characters, line ends, blank lines, trimming, limits', () => {
    assert.deepEqual(normaliseComment('a\r\nb\rc\u0000\u001b\u0085d\te'), { ok: true, text: 'a\nb\ncd\te' });
    assert.deepEqual(normaliseComment('a\n\n\n\n\n\nb'), { ok: true, text: 'a\n\n\nb' });
    assert.deepEqual(normaliseComment('a\n \n\t\n  \n\nb'), { ok: true, text: 'a\n\n\nb' });
    assert.deepEqual(normaliseComment('  <p>x</p>  '), { ok: true, text: '<p>x</p>' });
    assert.equal(normaliseComment(' \n ').ok, false);
    assert.equal(normaliseComment('x'.repeat(10001)).ok, false);
  });
});

describe('Hub', () => {
  const event = (container: string, site = 'site-1'): ContentEvent => ({
    event: 'created', content_type: 'comments', section_uuid: site, content_container_uuid: container, content_uuid: 'c', actor_uuid: 'u', time: 0, seq: 1,
  });
  const client = (siteUuid = 'site-1'): HubClient & { got: ServerFrame[] } => {
    const got: ServerFrame[] = [];
    return { siteUuid, got, send: (frame) => got.push(frame) };
  };

  test('delivers by rule value, once per subscription, only within the site', () => {
    const hub = new Hub();
    const [a, b, other] = [client(), client(), client('site-2')];
    hub.subscribe(a, 's1', [{ key: 'content_container_uuid', values: ['k1', 'k2'] }, { key: 'content_container_uuid', values: ['k1'] }]);
    hub.subscribe(b, 's2', [{ key: 'content_container_uuid', values: ['k2'] }]);
    hub.subscribe(other, 's3', [{ key: 'content_container_uuid', values: ['k1'] }]);
    assert.equal(hub.deliverLocal(event('k1')), 1);
    assert.deepEqual(a.got.map((f) => f.type === 'event' && f.subscription_id), ['s1']);
    assert.equal(b.got.length, 0);
    assert.equal(other.got.length, 0, 'another site never sees it');
    hub.subscribe(a, 's1', [{ key: 'content_container_uuid', values: ['k3'] }]); // replaces
    assert.equal(hub.deliverLocal(event('k1')), 0);
    hub.removeClient(b);
    assert.equal(hub.deliverLocal(event('k2')), 0);
  });
});

describe('cachingStatements (SQLite)', () => {
  test('reuses a statement per SQL text, bounded; a statement being iterated is not shared', (t) => {
    const sqlite = new Sqlite(':memory:');
    const db = cachingStatements(sqlite, 2);
    t.after(() => db.close());
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3)');
    const select = db.prepare('select n from t where n > ?');
    assert.equal(db.prepare('select n from t where n > ?'), select, 'same text, same statement');
    assert.deepEqual(select.all([1]), [{ n: 2 }, { n: 3 }], 'still answers with new parameters');
    db.prepare('select 1');
    db.prepare('select 2'); // a third text: the oldest goes
    assert.notEqual(db.prepare('select n from t where n > ?'), select);

    const iterating = db.prepare('select n from t') as unknown as Sqlite.Statement;
    const rows = iterating.iterate();
    rows.next();
    const meanwhile = db.prepare('select n from t') as unknown as Sqlite.Statement;
    assert.notEqual(meanwhile, iterating, 'a busy statement is not handed out again');
    assert.equal(meanwhile.all().length, 3);
    rows.return?.();
  });

  test('a bulk statement (longer SQL than MAX_CACHED_SQL_LENGTH) is prepared each time, never kept', (t) => {
    const sqlite = new Sqlite(':memory:');
    const db = cachingStatements(sqlite, 2);
    t.after(() => db.close());
    sqlite.exec('create table t (n integer)');
    const count = Math.ceil(MAX_CACHED_SQL_LENGTH / 4);
    const bulk = `insert into t values ${Array.from({ length: count }, () => '(?)').join(', ')}`;
    const first = db.prepare(bulk);
    assert.notEqual(db.prepare(bulk), first, 'prepared again, not kept');
    first.run(Array.from({ length: count }, (_, i) => i));
    assert.equal((sqlite.prepare('select count(*) as n from t').get() as { n: number }).n, count);
    const short = db.prepare('select n from t');
    assert.equal(db.prepare('select n from t'), short, 'a short text is still kept');
  });
});
