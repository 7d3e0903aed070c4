/**
 * A site's legal settings (docs/law.md "Grounds", `GET/PUT /api/v2/legal/settings`): anyone reads
 * them, only the site's admins change them, and a bad list is a 400 naming the field with nothing
 * stored; and the user drawer's trusted-flagger switch (DSA Art. 22).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_LEGAL_SETTINGS, type LegalSettings, MAX_GROUNDS } from '../../core/legal/types.ts';
import type { QueueAuthor, UserDrawer } from '../../core/moderation/types.ts';
import { bearer, build, resultOf, signup, signupAs, SITE } from './helpers.ts';

const URL = '/api/v2/legal/settings';

describe('legal settings', () => {
  test('anyone reads the defaults; an admin changes any key (PUT, or POST with verb PUT); others may not', async (t) => {
    const app = await build(t);
    const [admin, mod, reader] = [await signupAs(app, 'admin'), await signupAs(app, 'mod'), await signup(app)];
    const read = async () => resultOf<LegalSettings>(await app.inject({ method: 'GET', url: URL, query: { section: SITE } }));
    assert.deepEqual(await read(), DEFAULT_LEGAL_SETTINGS);
    assert.equal((await app.inject({ method: 'GET', url: URL, query: { section: crypto.randomUUID() } })).statusCode, 404);

    const kinds = [{ id: 'hate_speech', label: '  Illegal   hate speech ', category: 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH' }];
    const changed = resultOf<LegalSettings>(await app.inject({ method: 'PUT', url: URL, headers: bearer(admin.access_token), payload: { section: SITE, illegal_kinds: kinds } }));
    assert.deepEqual(changed.illegal_kinds, [{ id: 'hate_speech', label: 'Illegal hate speech', category: 'STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH' }]);
    assert.deepEqual(changed.terms_rules, DEFAULT_LEGAL_SETTINGS.terms_rules, 'keys not given keep their value');
    const byPost = resultOf<LegalSettings>(await app.inject({
      method: 'POST', url: URL, headers: bearer(admin.access_token), payload: { section: SITE, verb: 'PUT', erased_content: 'remove', terms_rules: [{ id: 'spam', label: 'Spam' }] },
    }));
    assert.deepEqual([byPost.erased_content, byPost.terms_rules, byPost.illegal_kinds.length], ['remove', [{ id: 'spam', label: 'Spam' }], 1]);
    assert.deepEqual(await read(), byPost);

    for (const [token, status] of [[mod.access_token, 403], [reader.access_token, 403], [undefined, 401]] as const) {
      const response = await app.inject({ method: 'PUT', url: URL, headers: bearer(token), payload: { section: SITE, erased_content: 'anonymise' } });
      assert.equal(response.statusCode, status);
    }
    assert.equal((await read()).erased_content, 'remove');
  });

  test('bad lists are a 400 naming the field, and nothing is stored', async (t) => {
    const app = await build(t);
    const admin = await signupAs(app, 'admin');
    const kind = (id: string, extra: object = {}) => ({ id, label: `Kind ${id}`, category: 'STATEMENT_CATEGORY_VIOLENCE', ...extra });
    const cases: [object, string, RegExp][] = [
      [{ illegal_kinds: [] }, 'illegal_kinds', /illegal_kinds must keep at least one/],
      [{ terms_rules: [] }, 'terms_rules', /terms_rules must keep at least one/],
      [{ illegal_kinds: [kind('a'), kind('a')] }, 'illegal_kinds', /'a' is used twice in illegal_kinds/],
      [{ terms_rules: [{ id: 'x', label: 'X' }, { id: 'x', label: 'Y' }] }, 'terms_rules', /'x' is used twice/],
      [{ illegal_kinds: [kind('Bad-Id')] }, 'illegal_kinds', /illegal_kinds\/0\/id must match pattern/],
      [{ illegal_kinds: [kind('ok', { category: 'STATEMENT_CATEGORY_MADE_UP' })] }, 'illegal_kinds', /category must be equal to one of the allowed values/],
      [{ illegal_kinds: [{ id: 'ok', label: 'No category' }] }, 'category', /must have required property 'category'/],
      [{ terms_rules: [{ id: 'ok', label: 'Rule', category: 'STATEMENT_CATEGORY_VIOLENCE' }] }, 'category', /must NOT have additional properties/],
      [{ illegal_kinds: [kind('ok', { label: '' })] }, 'illegal_kinds', /label must NOT have fewer than 1 characters/],
      [{ illegal_kinds: [kind('ok', { label: '\u200B \u00A0' })] }, 'illegal_kinds', /illegal_kinds\[0\]\.label cannot be empty/],
      [{ terms_rules: [{ id: 'ok', label: 'x'.repeat(121) }] }, 'terms_rules', /label must NOT have more than 120 characters/],
      [{ illegal_kinds: Array.from({ length: MAX_GROUNDS + 1 }, (_, i) => kind(`k${i}`)) }, 'illegal_kinds', /must NOT have more than 50 items/],
      [{ erased_content: 'keep' }, 'erased_content', /erased_content must be equal to one of the allowed values/],
      [{}, 'illegal_kinds', /Give illegal_kinds, terms_rules or erased_content/],
    ];
    for (const [change, field, message] of cases) {
      const response = await app.inject({ method: 'PUT', url: URL, headers: bearer(admin.access_token), payload: { section: SITE, ...change } });
      assert.equal(response.statusCode, 400, JSON.stringify(change));
      assert.equal(response.json().field, field, JSON.stringify(change));
      assert.match(response.json().message, message);
    }
    assert.equal((await app.db.selectFrom('legal_settings').selectAll().execute()).length, 0);
  });
});

describe('trusted flaggers (DSA Art. 22)', () => {
  test('the user drawer shows the switch, a moderator sets it (PATCH or POST with verb), a reader may not', async (t) => {
    const app = await build(t);
    const [mod, ada, bob] = [await signupAs(app, 'mod'), await signup(app), await signup(app)];
    const url = `/api/v2/moderation/users/${ada.user.uuid}`;
    const drawer = async () => resultOf<UserDrawer>(await app.inject({ method: 'GET', url, headers: bearer(mod.access_token), query: { section: SITE } }));
    assert.equal((await drawer()).user.trusted_flagger, false);

    const on = resultOf<QueueAuthor>(await app.inject({ method: 'PATCH', url, headers: bearer(mod.access_token), payload: { section: SITE, trusted_flagger: true } }));
    assert.deepEqual([on.trusted_flagger, on.badge_trusted, on.always_premoderate], [true, false, false]);
    assert.equal((await drawer()).user.trusted_flagger, true);
    const row = await app.db.selectFrom('users').select('trusted_flagger').where('uuid', '=', ada.user.uuid).executeTakeFirstOrThrow();
    assert.equal(Number(row.trusted_flagger), 1);

    const off = resultOf<QueueAuthor>(await app.inject({ method: 'POST', url, headers: bearer(mod.access_token), payload: { section: SITE, verb: 'PATCH', trusted_flagger: false } }));
    assert.equal(off.trusted_flagger, false);
    assert.equal((await drawer()).user.trusted_flagger, false);

    const refused = await app.inject({ method: 'PATCH', url, headers: bearer(bob.access_token), payload: { section: SITE, trusted_flagger: true } });
    assert.equal(refused.statusCode, 403);
    const bad = await app.inject({ method: 'PATCH', url, headers: bearer(mod.access_token), payload: { section: SITE, trusted_flagger: 'yes' } });
    assert.deepEqual([bad.statusCode, bad.json().field], [400, 'trusted_flagger']);
    assert.equal((await drawer()).user.trusted_flagger, false);
  });
});
