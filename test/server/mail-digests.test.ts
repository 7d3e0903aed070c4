/**
 * Readers' hourly and daily digests (docs/notifications.md "Email"), through the real outbox and a
 * real SMTP server: nothing at once, one digest when due (time moved through the schedule's
 * injectable `now`), grouped by conversation, in the page's language, escaped, with the one-click
 * headers; not sent when empty; the daily hour in the site's time zone; one digest per period;
 * items dropped for readers who left digests or were banned; `npm run admin -- send-digests`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { hourlyPeriodStart } from '../../server/mail/digestSchedule.ts';
import { sendDueDigests } from '../../server/mail/digests.ts';
import { build, postComment, SITE, usingPostgres } from './helpers.ts';
import { runAdminCli } from './support/adminCli.ts';
import { ban, decoded, followPage, mailWorld, outboxOf, pageConversation, reader } from './reader-mail-calls.ts';

const HOUR = 3_600_000;
const ONE_CLICK = { 'content-type': 'application/x-www-form-urlencoded' };

const setUser = (app: FastifyInstance, uuid: string, change: Record<string, unknown>) => app.db.updateTable('users').set(change).where('uuid', '=', uuid).execute();
const setSite = async (app: FastifyInstance, change: Record<string, unknown>) => {
  const row = await app.db.selectFrom('sites').select('settings').where('uuid', '=', SITE).executeTakeFirstOrThrow();
  await app.db.updateTable('sites').set({ settings: JSON.stringify({ ...JSON.parse(row.settings), ...change }) }).where('uuid', '=', SITE).execute();
};
/** Runs the schedule once as if it were `now`. */
const runAt = (app: FastifyInstance, now: number) => {
  app.mailDigests.now = () => now;
  return app.mailDigests.tick();
};
const waiting = async (app: FastifyInstance, user: string) =>
  (await app.db.selectFrom('mail_digest_items').select('uuid').where('user_uuid', '=', user).where('digested_at', 'is', null).execute()).length;

describe('readers’ digests', () => {
  test('hourly and daily readers: nothing at once, one digest when due, grouped by conversation, in the page’s language', async (t) => {
    const { app, sink } = await mailWorld(t);
    // The daily hour half a day from now (UTC): due neither in the next hour nor later than a day from now.
    await setSite(app, { email_digest_hour: (new Date().getUTCHours() + 12) % 24 });
    const en = await pageConversation(app, 'en-US');
    const de = await pageConversation(app, 'de-DE');
    const [hourly, daily, replier] = [await reader(app), await reader(app), await reader(app)];
    await setUser(app, hourly.user.uuid, { email_notice_frequency: 'hourly' });
    await setUser(app, daily.user.uuid, { email_notice_frequency: 'daily' });
    await followPage(app, hourly.user.uuid, de.page);
    const rootEn = await postComment(app, hourly.access_token, en.c.content_container_uuid, 'In English');
    const rootDe = await postComment(app, hourly.access_token, de.c.content_container_uuid, 'Auf Deutsch');
    const dailyRoot = await postComment(app, daily.access_token, en.c.content_container_uuid, 'Daily me');
    const r1 = await postComment(app, replier.access_token, en.c.content_container_uuid, 'First <b>reply</b> & "more"', rootEn.content_uuid);
    const r2 = await postComment(app, replier.access_token, en.c.content_container_uuid, 'Second reply', rootEn.content_uuid);
    await postComment(app, replier.access_token, en.c.content_container_uuid, 'To the daily reader', dailyRoot.content_uuid);
    const r3 = await postComment(app, replier.access_token, de.c.content_container_uuid, 'Antwort', rootDe.content_uuid);
    const f1 = await postComment(app, replier.access_token, de.c.content_container_uuid, 'Neu hier'); // on a page the hourly reader follows
    // A retried producer adds nothing.
    await app.readerMails.send([{ category: 'reply', reason: 'reply', recipient: hourly.user.uuid, item: r1.content_uuid, actor: replier.user.uuid }]);

    assert.deepEqual(await outboxOf(app), [], 'nothing mailed at once');
    assert.equal(await waiting(app, hourly.user.uuid), 4, 'three replies and one followed-page comment wait');
    assert.equal(await waiting(app, daily.user.uuid), 1);

    const now = Date.now();
    assert.equal(await runAt(app, now - HOUR), 0, 'not due before the items’ period is over');
    assert.equal(await runAt(app, now + HOUR), 1, 'the hourly digest; the daily one is not due yet');
    const [row] = await outboxOf(app, hourly.user.uuid);
    assert.equal(row!.dedupe_key, `digest:${hourly.user.uuid}:${hourlyPeriodStart(now + HOUR)}`);
    const mail = await sink.nth(1);
    assert.deepEqual(mail.to, [hourly.user.email]);
    assert.match(decoded(mail.subject), /stündliche Zusammenfassung/, 'in the language of the newest item’s page');
    assert.equal((mail.text.match(/^## /gm) ?? []).length, 2, 'one section per conversation');
    const enSection = mail.text.indexOf(`## Article`);
    assert.ok(enSection >= 0 && mail.text.indexOf(r1.content_uuid) < mail.text.indexOf(r3.content_uuid), 'the first conversation’s items under it');
    for (const item of [r1, r2, r3, f1]) assert.ok(mail.text.includes(`#vf-${item.content_uuid}`), 'a deep link to each item');
    assert.match(mail.text, /First <b>reply<\/b> & "more"/);
    assert.ok(row!.mail.html.includes('First &lt;b&gt;reply&lt;/b&gt; &amp; &quot;more&quot;'), 'readers’ text escaped');
    assert.ok(!row!.mail.html.includes('<b>reply'));
    assert.match(mail.headers['list-unsubscribe'] ?? '', /^<https:\/\/comments\.example\.test\/api\/v2\/mail\/unsubscribe\?token=/);
    assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    assert.equal(await waiting(app, hourly.user.uuid), 0, 'the items marked digested');

    assert.equal(await runAt(app, now + HOUR + 60_000), 0, 'a second run in the period writes nothing');
    assert.equal(await runAt(app, now + 25 * HOUR), 1, 'the daily digest once its hour has passed');
    assert.match(decoded((await sink.nth(2)).subject), /daily digest/);
    assert.deepEqual(sink.mails.map((m) => m.to[0]), [hourly.user.email, daily.user.email]);
  });

  test('not sent when empty; items of readers who left digests, were banned or switched a category off are dropped', async (t) => {
    const { app, mod } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const replier = await reader(app);
    const names = ['empty', 'toImmediate', 'toOff', 'banned', 'categoryOff', 'control'] as const;
    const readers = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await reader(app)] as const)));
    for (const name of names) {
      await setUser(app, readers[name]!.user.uuid, { email_notice_frequency: 'hourly' });
      if (name === 'empty') continue;
      const root = await postComment(app, readers[name]!.access_token, c.content_container_uuid, `By ${name}`);
      await postComment(app, replier.access_token, c.content_container_uuid, 'A reply', root.content_uuid);
    }
    await setUser(app, readers['toImmediate']!.user.uuid, { email_notice_frequency: 'immediate' });
    await setUser(app, readers['toOff']!.user.uuid, { email_notice_frequency: 'off' });
    await setUser(app, readers['categoryOff']!.user.uuid, { email_notice_categories: JSON.stringify({ reply: false }) });
    await ban(app, readers['banned']!.user.uuid, mod.user.uuid);

    assert.equal(await runAt(app, Date.now() + HOUR), 1);
    assert.deepEqual((await outboxOf(app)).map((w) => w.user_uuid), [readers['control']!.user.uuid]);
    const left = await app.db.selectFrom('mail_digest_items').select('user_uuid').where('digested_at', 'is', null).execute();
    assert.deepEqual(left, [], 'the others’ items are dropped, not kept for later');
  });

  test('two runs at once (two processes): each reader gets one digest, each item in one', async (t) => {
    const { app } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const replier = await reader(app);
    const readers = [await reader(app), await reader(app), await reader(app)];
    for (const account of readers) {
      await setUser(app, account.user.uuid, { email_notice_frequency: 'hourly' });
      const root = await postComment(app, account.access_token, c.content_container_uuid, 'Mine');
      await postComment(app, replier.access_token, c.content_container_uuid, 'A reply', root.content_uuid);
    }
    const options = { key: app.readerMails.key, publicUrl: app.readerMails.publicUrl, now: Date.now() + HOUR, pageSize: 2 };
    const counts = await Promise.all([sendDueDigests(app.db, options), sendDueDigests(app.db, options)]);
    assert.equal(counts[0] + counts[1], 3);
    assert.deepEqual((await outboxOf(app)).map((w) => w.user_uuid).sort(), readers.map((r) => r.user.uuid).sort());
    const items = await app.db.selectFrom('mail_digest_items').select(['user_uuid', 'digest_key']).execute();
    assert.deepEqual(items.map((i) => i.digest_key).sort(), readers.map((r) => `digest:${r.user.uuid}:${hourlyPeriodStart(options.now)}`).sort());
  });

  test('the daily hour in the site’s time zone: 08:00 Europe/Berlin is due at 07:00 UTC in winter', async (t) => {
    const { app } = await mailWorld(t);
    await setSite(app, { email_digest_hour: 8, email_digest_time_zone: 'Europe/Berlin' });
    const { c } = await pageConversation(app);
    const [daily, replier] = [await reader(app), await reader(app)];
    await setUser(app, daily.user.uuid, { email_notice_frequency: 'daily' });
    const root = await postComment(app, daily.access_token, c.content_container_uuid, 'Mine');
    await postComment(app, replier.access_token, c.content_container_uuid, 'A reply', root.content_uuid);
    const day = Date.UTC(2027, 0, 15);
    // The item arrived at 05:00 UTC on the 15th, after the 14th's digest (07:00 UTC).
    await app.db.updateTable('mail_digest_items').set({ date_created: day + 5 * HOUR }).execute();

    assert.equal(await runAt(app, day + 6 * HOUR + 59 * 60_000), 0, '06:59 UTC = 07:59 in Berlin: not yet');
    assert.equal(await runAt(app, day + 7 * HOUR), 1, '07:00 UTC = 08:00 in Berlin');
    assert.deepEqual((await outboxOf(app)).map((w) => w.dedupe_key), [`digest:${daily.user.uuid}:${day + 7 * HOUR}`]);
  });

  test('the settings: an hour 0–23 and a time zone Intl knows; a digest’s one-click unsubscribe turns the frequency off', async (t) => {
    const { app, sink } = await mailWorld(t);
    const admin = await reader(app);
    await setUser(app, admin.user.uuid, { user_privilege: 'admin' });
    const patch = (payload: object) => app.inject({ method: 'PATCH', url: '/api/v2/settings', headers: { authorization: `Bearer ${admin.access_token}` }, payload: { ...payload, section: SITE } });
    assert.equal((await patch({ email_digest_hour: 24 })).statusCode, 400);
    assert.equal((await patch({ email_digest_time_zone: 'Mars/Olympus' })).statusCode, 400);
    const ok = await patch({ email_digest_hour: 6, email_digest_time_zone: 'America/New_York' });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().result.email_digest_time_zone, 'America/New_York');

    const { c } = await pageConversation(app);
    const [hourly, replier] = [await reader(app), await reader(app)];
    await setUser(app, hourly.user.uuid, { email_notice_frequency: 'hourly' });
    const root = await postComment(app, hourly.access_token, c.content_container_uuid, 'Mine');
    await postComment(app, replier.access_token, c.content_container_uuid, 'A reply', root.content_uuid);
    assert.equal(await runAt(app, Date.now() + HOUR), 1);
    const link = /^<([^>]+)>$/.exec((await sink.nth(1)).headers['list-unsubscribe'] ?? '')![1]!;
    const url = new URL(link);
    const done = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' });
    assert.equal(done.statusCode, 200, done.body);
    const row = await app.db.selectFrom('users').select('email_notice_frequency').where('uuid', '=', hourly.user.uuid).executeTakeFirstOrThrow();
    assert.equal(row.email_notice_frequency, 'off');
  });

  test('`npm run admin -- send-digests` writes what is due now, once', async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-digests-cli-'));
    t.after(() => rmSync(dataDir, { recursive: true, force: true }));
    const app = await build(t, { VF_DATA_DIR: dataDir, VF_PUBLIC_URL: 'https://comments.example.test' });
    app.mailDigests.now = () => 0; // the server's own schedule stays out of the way
    const { c } = await pageConversation(app);
    const [hourly, replier] = [await reader(app), await reader(app)];
    await setUser(app, hourly.user.uuid, { email_notice_frequency: 'hourly' });
    const root = await postComment(app, hourly.access_token, c.content_container_uuid, 'Mine');
    await postComment(app, replier.access_token, c.content_container_uuid, 'A reply', root.content_uuid);
    await app.db.updateTable('mail_digest_items').set({ date_created: Date.now() - 2 * HOUR }).execute();

    const env = { VF_DATA_DIR: dataDir, DATABASE_URL: await databaseUrlOf(app), VF_PUBLIC_URL: 'https://comments.example.test' };
    const first = await runAdmin(['send-digests', '--site', SITE], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /1 digest written/);
    const written = await outboxOf(app);
    assert.deepEqual(written.map((w) => [w.user_uuid, w.dedupe_key]), [[hourly.user.uuid, `digest:${hourly.user.uuid}:${hourlyPeriodStart(Date.now())}`]]);
    const second = await runAdmin(['send-digests'], env);
    assert.equal(second.code, 0, second.stderr);
    assert.match(second.stdout, /0 digests written/);
    const refused = await runAdmin(['send-digests', '--site', 'nowhere.example'], env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /No site has the uuid or domain/);
  });
});

/** The app's database for a spawned process: its own PostgreSQL database, or '' (SQLite in the data folder). */
async function databaseUrlOf(app: FastifyInstance): Promise<string> {
  if (!usingPostgres) return '';
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(app.db);
  const url = new URL(process.env['DATABASE_URL']!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

const runAdmin = (args: string[], env: Record<string, string>) => runAdminCli(args, env);
