/**
 * Transparency (DSA Art. 15, 24; docs/law.md "API"): the report for a period counts exactly the
 * records in it (notices by kind and from trusted flaggers, decisions by outcome, the median time
 * to a decision, actions by restriction and ground, automated ones, appeals and outcomes, bans),
 * as JSON and as CSV; the statements export maps each statement to the EU Transparency
 * Database's fields. Both are files for the site's admins only.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { appealDeadline } from '../../core/legal/types.ts';
import { EEA_COUNTRIES } from '../../server/legal/dsaExport.ts';
import { csvField, type TransparencyReport } from '../../server/legal/transparency.ts';
import type { AppealsTable, BansTable, LegalNoticesTable, StatementsOfReasonsTable } from '../../server/storage/schema.ts';
import { bearer, build, confirmedPage, container, postComment, signup, signupAs, SITE } from './helpers.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2026, 3, 1);
const OTHER_SITE = randomUUID();

async function notice(app: FastifyInstance, fields: Partial<LegalNoticesTable> & { date_created: number }): Promise<void> {
  await app.db.insertInto('legal_notices').values({
    uuid: randomUUID(), site_uuid: SITE, reference: `N-${randomUUID().slice(0, 8)}`, target_type: 'content', content_uuid: null, target_user_uuid: null, kind: 'hate_speech',
    explanation: 'Illegal', reporter_name: 'R', reporter_email: 'r@example.test', reporter_user_uuid: null, trusted: 0, state: 'open', decided_by: null, decided_at: null,
    statement_uuid: null, ...fields,
  }).execute();
}

async function statement(app: FastifyInstance, fields: Partial<StatementsOfReasonsTable> & { date_created: number }): Promise<StatementsOfReasonsTable> {
  const row: StatementsOfReasonsTable = {
    uuid: randomUUID(), site_uuid: SITE, user_uuid: null, content_uuid: null, notice_uuid: null, decision_uuid: null, restriction: 'rejection', ground_type: 'terms',
    ground: 'harassment', ground_label: 'Harassment or personal attacks', explanation: null, facts: 'A moderator rejected this comment.', automated: 0, automated_rule: null,
    moderator_uuid: null, state: 'in_force', appeal_until: appealDeadline(fields.date_created), ...fields,
  };
  await app.db.insertInto('statements_of_reasons').values(row).execute();
  return row;
}

async function appeal(app: FastifyInstance, state: string, date: number): Promise<void> {
  const row: AppealsTable = {
    uuid: randomUUID(), site_uuid: SITE, statement_uuid: randomUUID(), notice_uuid: null, appellant_uuid: null, appellant_role: 'author', text: 'Please', first_decided_by: null,
    state, decided_by: null, decided_at: state === 'open' ? null : date + HOUR, explanation: null, single_moderator: 0, date_created: date,
  };
  await app.db.insertInto('appeals').values(row).execute();
}

async function ban(app: FastifyInstance, user: string, level: string, date: number, expires: number | null = null): Promise<void> {
  const row: BansTable = {
    uuid: randomUUID(), site_uuid: SITE, user_uuid: user, ban_level: level, user_message: 'Cool off', is_permanent: expires === null ? 1 : 0, created_by: user,
    date_created: date, date_expired: expires, date_revoked: null,
  };
  await app.db.insertInto('bans').values(row).execute();
}

describe('transparency report', () => {
  test('every figure matches the records of the period, as JSON and as CSV; admins only', async (t) => {
    const app = await build(t);
    const [admin, mod, reader, banned] = [await signupAs(app, 'admin'), await signupAs(app, 'mod'), await signup(app), await signup(app)];
    // Notices: received in the period (by kind, trusted), decided in it (by outcome, time to decision).
    await notice(app, { kind: 'hate_speech', trusted: 1, state: 'illegal', date_created: FROM + HOUR, decided_at: FROM + 3 * HOUR }); // 2 h
    await notice(app, { kind: 'hate_speech', state: 'not_illegal', date_created: FROM + 2 * HOUR, decided_at: FROM + 2.5 * HOUR }); // 30 min
    await notice(app, { kind: 'defamation', date_created: FROM + 4 * HOUR });
    await notice(app, { kind: 'retired_kind', date_created: FROM + 5 * HOUR });
    await notice(app, { kind: 'fraud', trusted: 1, state: 'illegal', date_created: FROM - DAY, decided_at: FROM + HOUR }); // decided in it: 25 h
    await notice(app, { kind: 'fraud', state: 'illegal', date_created: TO - HOUR, decided_at: TO + HOUR }); // decided after it
    await notice(app, { kind: 'fraud', trusted: 1, state: 'illegal', date_created: FROM - 2 * DAY, decided_at: FROM - DAY }); // wholly before
    await notice(app, { site_uuid: OTHER_SITE, kind: 'fraud', trusted: 1, state: 'illegal', date_created: FROM + HOUR, decided_at: FROM + 2 * HOUR });
    // Actions: statements of reasons.
    await statement(app, { restriction: 'removal', ground_type: 'illegal', ground: 'hate_speech', ground_label: 'Illegal hate speech or incitement', date_created: FROM + 3 * HOUR });
    await statement(app, { restriction: 'rejection', ground: 'harassment', ground_label: 'Harassment, "personal" attacks', date_created: FROM + DAY });
    await statement(app, { restriction: 'hold', ground: 'spam', ground_label: 'Spam', automated: 1, automated_rule: 'link', date_created: FROM + 2 * DAY });
    await statement(app, { restriction: 'spam', ground: 'spam', ground_label: 'Spam or advertising', automated: 1, automated_rule: 'spam_score', date_created: FROM + 3 * DAY });
    await statement(app, { restriction: 'ban', ground: 'other_terms', ground_label: 'Against the community guidelines', date_created: TO - 1 });
    await statement(app, { restriction: 'rejection', date_created: FROM - 1 });
    await statement(app, { restriction: 'rejection', date_created: TO });
    await statement(app, { site_uuid: OTHER_SITE, restriction: 'removal', date_created: FROM + HOUR });
    // Appeals and bans.
    for (const state of ['open', 'upheld', 'reversed', 'reversed']) await appeal(app, state, FROM + 10 * DAY);
    await appeal(app, 'upheld', FROM - DAY);
    await ban(app, banned.user.uuid, 'posting', FROM + DAY, FROM + 8 * DAY);
    await ban(app, banned.user.uuid, 'login', FROM + 20 * DAY);
    await ban(app, banned.user.uuid, 'ghost', FROM - DAY);

    const call = (token: string | undefined, query: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/v2/legal/transparency', headers: bearer(token), query: { section: SITE, from: String(FROM), to: String(TO), ...query } });
    const response = await call(admin.access_token, {});
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="vf-transparency-2026-01-01-2026-04-01.json"');
    const report = response.json() as TransparencyReport;
    const kinds = Object.fromEntries(['csam', 'terrorism', 'hate_speech', 'threats', 'defamation', 'privacy', 'non_consensual_imagery', 'intellectual_property', 'fraud', 'other'].map((k) => [k, 0]));
    const expected: TransparencyReport = {
      section: SITE,
      period: { from: FROM, to: TO },
      notices: {
        received: 5,
        received_by_kind: { ...kinds, hate_speech: 2, defamation: 1, fraud: 1, retired_kind: 1 },
        from_trusted_flaggers: 1,
        decided: 3,
        decided_by_outcome: { illegal: 2, not_illegal: 1 },
        median_ms_to_decision: 2 * HOUR,
      },
      actions: {
        total: 5,
        automated: 2,
        by_restriction: { removal: 1, rejection: 1, spam: 1, hold: 1, ban: 1, profile_name: 0, profile_picture: 0 },
        by_ground: [
          { ground_type: 'illegal', ground: 'hate_speech', label: 'Illegal hate speech or incitement', count: 1 },
          { ground_type: 'terms', ground: 'harassment', label: 'Harassment, "personal" attacks', count: 1 },
          { ground_type: 'terms', ground: 'other_terms', label: 'Against the community guidelines', count: 1 },
          { ground_type: 'terms', ground: 'spam', label: 'Spam or advertising', count: 2 },
        ],
      },
      appeals: { received: 4, upheld: 1, reversed: 2, open: 1 },
      bans: { total: 2, by_level: { posting: 1, ghost: 0, hide: 0, login: 1 } },
    };
    assert.deepEqual(report, expected);

    const csv = await call(admin.access_token, { format: 'csv' });
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.equal(csv.headers['content-disposition'], 'attachment; filename="vf-transparency-2026-01-01-2026-04-01.csv"');
    const lines = csv.body.split('\r\n');
    assert.equal(lines.pop(), '', 'every row ends in CRLF');
    assert.equal(lines[0], 'section,metric,key,value');
    const rows = lines.slice(1);
    assert.ok(rows.every((row) => row.startsWith(`${SITE},`)));
    const value = (metric: string, key: string) => rows.filter((row) => row.startsWith(`${SITE},${metric},${key},`)).map((row) => row.slice(`${SITE},${metric},${key},`.length));
    assert.deepEqual(value('notices_received', 'total'), ['5']);
    assert.deepEqual(value('notices_received_by_kind', 'retired_kind'), ['1']);
    assert.deepEqual(value('notices_from_trusted_flaggers', 'total'), ['1']);
    assert.deepEqual(value('notices_decided', 'illegal'), ['2']);
    assert.deepEqual(value('median_ms_to_decision', 'notices'), [String(2 * HOUR)]);
    assert.deepEqual(value('actions', 'automated'), ['2']);
    assert.deepEqual(value('actions_by_restriction', 'profile_name'), ['0']);
    assert.deepEqual(value('actions_by_ground', 'terms:spam'), ['2']);
    assert.deepEqual(value('ground_label', 'terms:harassment'), ['"Harassment, ""personal"" attacks"']);
    assert.deepEqual(value('appeals', 'reversed'), ['2']);
    assert.deepEqual(value('bans_by_level', 'login'), ['1']);
    // One row per figure: 2 period, 1 + 11 + 1 notices received, 3 decided, 1 median, 2 + 7 actions, 4 + 4 grounds, 4 appeals, 1 + 4 bans.
    assert.equal(rows.length, 2 + 13 + 3 + 1 + 9 + 8 + 4 + 5);

    for (const [token, status] of [[mod.access_token, 403], [reader.access_token, 403], [undefined, 401]] as const) {
      assert.equal((await call(token, {})).statusCode, status);
    }
    const backwards = await call(admin.access_token, { from: String(TO), to: String(FROM) });
    assert.deepEqual([backwards.statusCode, backwards.json().field], [400, 'to']);
    assert.equal((await call(admin.access_token, { format: 'xml' })).statusCode, 400);
  });

  test('an empty period: zeros, and no median', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const response = await app.inject({ method: 'GET', url: '/api/v2/legal/transparency', headers: bearer(admin.access_token), query: { section: SITE, from: '0', to: String(FROM) } });
    const report = response.json() as TransparencyReport;
    assert.deepEqual([report.notices.received, report.notices.decided, report.notices.median_ms_to_decision, report.actions.total, report.appeals.received, report.bans.total], [0, 0, null, 0, 0, 0]);
    const csv = await app.inject({ method: 'GET', url: '/api/v2/legal/transparency', headers: bearer(admin.access_token), query: { section: SITE, from: '0', to: String(FROM), format: 'csv' } });
    assert.ok(csv.body.includes(`${SITE},median_ms_to_decision,notices,\r\n`));
  });

  test('CSV fields are quoted as RFC 4180 says', () => {
    assert.deepEqual(['plain', 'a,b', 'say "hi"', 'two\r\nlines', 'one\nline', 12, null].map(csvField), ['plain', '"a,b"', '"say ""hi"""', '"two\r\nlines"', '"one\nline"', '12', '']);
  });
});

describe('statements for the EU Transparency Database', () => {
  test('one JSON object a line, oldest first, with the database fields; the period and the site only; admins only', async (t) => {
    const app = await build(t);
    const [admin, mod, ada] = [await signupAs(app, 'admin'), await signupAs(app, 'mod'), await signup(app)];
    await confirmedPage(app, { unique_id: 'dsa-page', url: 'http://127.0.0.1/dsa.html', title: 'Un article', lang: 'fr-FR' });
    const c = await container(app, 'dsa-page');
    const comment = await postComment(app, ada.access_token, c.content_container_uuid, 'Un commentaire');
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const trustedNotice = randomUUID();
    await notice(app, { uuid: trustedNotice, trusted: 1, state: 'illegal', content_uuid: comment.content_uuid, date_created: FROM, decided_at: FROM + HOUR });
    const removal = await statement(app, {
      restriction: 'removal', ground_type: 'illegal', ground: 'hate_speech', ground_label: 'Illegal hate speech or incitement', explanation: 'Incites hatred.', content_uuid: comment.content_uuid,
      notice_uuid: trustedNotice, moderator_uuid: mod.user.uuid, user_uuid: ada.user.uuid, facts: 'A moderator examined it and removed it.', date_created: FROM + HOUR,
    });
    const hold = await statement(app, { restriction: 'hold', ground: 'spam', ground_label: 'Spam or advertising', automated: 1, automated_rule: 'link', facts: 'Held: a link.', date_created: FROM + 2 * HOUR });
    await ban(app, ada.user.uuid, 'posting', FROM + 3 * HOUR, FROM + 10 * DAY);
    const banned = await statement(app, { restriction: 'ban', ground: 'other_terms', ground_label: 'Against the community guidelines', user_uuid: ada.user.uuid, moderator_uuid: mod.user.uuid, facts: 'Banned.', date_created: FROM + 3 * HOUR });
    const picture = await statement(app, { restriction: 'profile_picture', ground_type: 'illegal', ground: 'retired_kind', ground_label: 'Retired', facts: 'Picture.', date_created: FROM + 4 * HOUR });
    await statement(app, { date_created: TO });
    await statement(app, { site_uuid: OTHER_SITE, date_created: FROM + HOUR });

    const response = await app.inject({ method: 'GET', url: '/api/v2/legal/statements.jsonl', headers: bearer(admin.access_token), query: { section: SITE, from: String(FROM), to: String(TO) } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="vf-statements-2026-01-01-2026-04-01.jsonl"');
    assert.ok(response.body.endsWith('\n'));
    const lines = response.body.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const scope = [...EEA_COUNTRIES];
    assert.equal(scope.length, 30);
    assert.deepEqual(lines, [
      {
        decision_visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'], decision_ground: 'DECISION_GROUND_ILLEGAL_CONTENT',
        illegal_content_legal_ground: 'Illegal hate speech or incitement', illegal_content_explanation: 'Incites hatred.', category: 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH',
        content_type: ['CONTENT_TYPE_TEXT'], content_language: 'FR', content_date: day(comment.date_created), application_date: '2026-01-01',
        decision_facts: 'A moderator examined it and removed it.', source_type: 'SOURCE_TRUSTED_FLAGGER', automated_detection: 'No',
        automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED', territorial_scope: scope, puid: removal.uuid,
      },
      {
        decision_visibility: ['DECISION_VISIBILITY_OTHER'], decision_visibility_other: 'Held for review by a moderator before it is shown', decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
        incompatible_content_ground: 'Spam or advertising', incompatible_content_explanation: 'Held: a link.', category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
        content_type: ['CONTENT_TYPE_TEXT'], content_date: '2026-01-01', application_date: '2026-01-01', decision_facts: 'Held: a link.', source_type: 'SOURCE_VOLUNTARY',
        automated_detection: 'Yes', automated_decision: 'AUTOMATED_DECISION_FULLY', territorial_scope: scope, puid: hold.uuid,
      },
      {
        decision_account: 'DECISION_ACCOUNT_SUSPENDED', end_date_account_restriction: '2026-01-11', decision_ground: 'DECISION_GROUND_INCOMPATIBLE_CONTENT',
        incompatible_content_ground: 'Against the community guidelines', incompatible_content_explanation: 'Banned.', category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE',
        content_type: ['CONTENT_TYPE_OTHER'], content_type_other: 'User account', content_date: '2026-01-01', application_date: '2026-01-01', decision_facts: 'Banned.',
        source_type: 'SOURCE_VOLUNTARY', automated_detection: 'No', automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED', territorial_scope: scope, puid: banned.uuid,
      },
      {
        decision_visibility: ['DECISION_VISIBILITY_CONTENT_REMOVED'], decision_ground: 'DECISION_GROUND_ILLEGAL_CONTENT', illegal_content_legal_ground: 'Retired',
        illegal_content_explanation: 'Picture.', category: 'STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE', content_type: ['CONTENT_TYPE_IMAGE'], content_date: '2026-01-01',
        application_date: '2026-01-01', decision_facts: 'Picture.', source_type: 'SOURCE_VOLUNTARY', automated_detection: 'No',
        automated_decision: 'AUTOMATED_DECISION_NOT_AUTOMATED', territorial_scope: scope, puid: picture.uuid,
      },
    ]);

    for (const [token, status] of [[mod.access_token, 403], [ada.access_token, 403], [undefined, 401]] as const) {
      const refused = await app.inject({ method: 'GET', url: '/api/v2/legal/statements.jsonl', headers: bearer(token), query: { section: SITE, from: String(FROM), to: String(TO) } });
      assert.equal(refused.statusCode, status);
    }
    const missing = await app.inject({ method: 'GET', url: '/api/v2/legal/statements.jsonl', headers: bearer(admin.access_token), query: { section: SITE, from: String(FROM) } });
    assert.equal(missing.statusCode, 400);
  });
});
