// The social popup's flow store (server/auth/socialFlows.ts) on the real database: a key works
// once, expires, and is shared by every server process (each process builds its own store over
// the same database, as identity/thirdpartyRoutes.ts and identity/loginRoutes.ts do).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SocialFlows, TOKEN_TTL_MS } from '../../server/auth/socialFlows.ts';
import { build, SITE } from './helpers.ts';

test('a one-time login token is taken once, by any process, and only before it expires', async (t) => {
  const app = await build(t);
  let now = 1_000_000;
  const started = new SocialFlows(app.db, () => now); // the process that ran the callback
  const other = new SocialFlows(app.db, () => now); // the process the page's exchange reached
  const issued = { siteUuid: SITE, userUuid: '7a3c0e52-4a1d-4c8e-9f1b-2d3e4f5a6b7c', isNew: true };

  const key = await started.issued.put(issued);
  assert.ok(key && key.length >= 40);
  assert.equal(await other.pending.take(key!), null, 'a token is not a pending flow');
  assert.deepEqual(await other.issued.take(key!), issued);
  assert.equal(await started.issued.take(key!), null, 'taken once');

  const stale = await started.issued.put(issued);
  now += TOKEN_TTL_MS;
  assert.equal(await other.issued.take(stale!), null, 'expired');
  const rows = await app.db.selectFrom('login_flows').selectAll().execute();
  assert.ok(rows.every((row) => row.key_hash !== key && !row.payload.includes(key!)), 'only a hash of the key is stored');
});
