/**
 * A server killed (SIGKILL) while a reader's comment is being replied to: every reply it committed
 * is mailed to the comment's author, written by the server before the kill or, for replies whose
 * mail it had not written yet, by the next server's followup sweep (server/engine/followups.ts;
 * docs/mail.md "Delivery"). None lost, each mail written once (its dedupe key). On one SQLite
 * file and on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test, type TestContext } from 'node:test';
import type { Kysely } from 'kysely';
import type { AuthResult, Comment } from '../../core/api/types.ts';
import type { DatabaseConfig } from '../../server/config.ts';
import { findOrCreatePage } from '../../server/pages/queries.ts';
import { openDatabase } from '../../server/storage/engine.ts';
import type { Database } from '../../server/storage/schema.ts';
import { callApi } from '../support/callApi.ts';
import { cleanupsOf } from '../support/cleanups.ts';
import { startServer } from '../support/serve.mjs';
import { until } from '../support/until.ts';
import { SITE } from './helpers.ts';
import { startPostgres } from './multiprocess-infra.ts';
import { startSmtpSink } from './smtpSink.ts';

/** Replies answered before the kill; writers replying at once. */
const BEFORE_KILL = 60;
const WRITERS = 30;

async function account(origin: string, name: string): Promise<AuthResult> {
  const body = { name, email: `${name}@example.test`, password: `pw-${name}-secret`, section: SITE };
  await callApi(origin, 'POST', '/api/v2/users', body);
  return callApi<AuthResult>(origin, 'POST', '/api/v2/users/login', { email: body.email, password: body.password, section: SITE });
}

const followupsLeft = async (db: Kysely<Database>) => (await db.selectFrom('content_followups').select('content_uuid').execute()).length;

async function killedWhileReplying(t: TestContext, after: (cleanup: () => unknown) => void, database: DatabaseConfig, env: Record<string, string>): Promise<void> {
  const sink = await startSmtpSink(t);
  const serverEnv = { ...env, SMTP_URL: sink.url, VF_JWT_SECRET: 'followups-killed-secret-0123456789abcdef', VF_PUBLIC_URL: 'https://comments.example.test' };
  const a = await startServer({ env: serverEnv });
  after(() => a.stop());
  const db = openDatabase(database);
  after(() => db.destroy());

  // Alice's comment, with a verified address, in a conversation on a known page (a mail links to it).
  const id = 'killed-while-replying';
  await findOrCreatePage(db, SITE, { unique_id: id, url: `http://127.0.0.1/${id}.html`, title: 'Killed while replying', lang: 'en-US' }, 'server');
  const { content_container_uuid: container } = await callApi<{ content_container_uuid: string }>(a.origin, 'GET', `/api/comments/${SITE}/contentcontainer/id?container_id=${id}`);
  const [alice, bob] = [await account(a.origin, 'alice'), await account(a.origin, 'bob')];
  await db.updateTable('users').set({ email_verification_status: 'approved' }).where('uuid', '=', alice.user.uuid).execute();
  const root = await callApi<Comment>(a.origin, 'POST', `/api/comments/${SITE}/${container}/comments`, { content: 'My opinion' }, alice.access_token);

  // Bob replies, WRITERS at a time, until the server is killed.
  let answered = 0;
  let n = 0;
  const writer = async () => {
    for (;;) {
      try {
        await callApi(a.origin, 'POST', `/api/comments/${SITE}/${container}/comments/${root.content_uuid}`, { content: `Reply ${n++}` }, bob.access_token);
        answered++;
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  await until(() => answered >= BEFORE_KILL, 60_000, `${BEFORE_KILL} replies answered`);
  process.kill(a.pid, 'SIGKILL');
  await Promise.all(writers);

  const stored = await db.selectFrom('contents').select('uuid').where('parent_uuid', '=', root.content_uuid).where('state', '=', 'visible').execute();
  const left = await followupsLeft(db);
  const mailedBefore = (await db.selectFrom('mail_outbox').select('uuid').where('user_uuid', '=', alice.user.uuid).execute()).length;
  // Time moved past the followups' grace (GRACE_MS: the killed server's own time to do them), then a new server.
  await db.updateTable('content_followups').set({ due_at: Date.now() - 1 }).execute();
  const b = await startServer({ env: serverEnv });
  after(() => b.stop());
  await until(async () => (await followupsLeft(db)) === 0, 30_000, 'the followups done by the new server');

  const mails = await db.selectFrom('mail_outbox').select('dedupe_key').where('user_uuid', '=', alice.user.uuid).execute();
  assert.deepEqual(
    mails.map((mail) => mail.dedupe_key).sort(),
    stored.map((reply) => `reply:${reply.uuid}:${alice.user.uuid}`).sort(),
    'every stored reply has its mail, once',
  );
  t.diagnostic(`${stored.length} replies stored (${answered} answered before the kill), ${mailedBefore} of them mailed by then; ${left} followups left (done or not)`);
}

describe('a server killed while replies are posted', () => {
  test('on one SQLite file: every reply stored is mailed, once', async (t) => {
    const after = cleanupsOf(t);
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-followups-kill-'));
    after(() => rmSync(dataDir, { recursive: true, force: true }));
    await killedWhileReplying(t, after, { engine: 'sqlite', file: join(dataDir, 'vf.sqlite') }, { VF_DATA_DIR: dataDir });
  });

  test('on PostgreSQL: the same', async (t) => {
    const after = cleanupsOf(t);
    const postgres = await startPostgres();
    after(() => postgres.stop());
    await killedWhileReplying(t, after, { engine: 'postgres', url: postgres.url }, { DATABASE_URL: postgres.url });
  });
});
