/**
 * Word lists in the languages vf ships, through the write path (docs/moderation.md "Word lists in
 * every language"): an Arabic banned word with its article and harakat rejects the comment, a
 * Serbian suspect word listed in Latin holds one written in Cyrillic, a German one listed with ß
 * holds "ss"; the reason marks the word where the reader wrote it, in the stored text and in the
 * moderation queue; harmless words around them pass.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment } from '../../core/api/types.ts';
import { post, setAutoModeration } from './automod-calls.ts';
import { queue } from './moderation-queue-calls.ts';
import { build, container, resultOf, signup, signupAs } from './helpers.ts';

/** The part of `text` the reason's match marks. */
const marked = (text: string, match: [number, number] | undefined) => (match ? text.slice(match[0], match[1]) : null);

describe('automatic moderation: word lists in every language', () => {
  test('Arabic with its article and marks, Serbian in the other script, German ß as ss: held or rejected, the word marked where written', async (t) => {
    const app = await build(t);
    const admin = (await signupAs(app, 'admin')).access_token;
    await setAutoModeration(app, admin, { banned_words: ['كلب'], suspect_words: ['budala', 'Scheiße'] });
    const author = (await signup(app)).access_token;
    const c = await container(app);
    const posted = async (text: string) => resultOf<Comment>(await post(app, author, c.content_container_uuid, text));

    const arabic = 'يا ابن الكَلْب';
    const rejected = await posted(arabic);
    assert.equal(rejected.state, 'disabled');
    assert.equal(rejected.moderation_reason?.rule, 'banned_word');
    assert.equal(rejected.moderation_reason?.word, 'كلب');
    assert.equal(marked(arabic, rejected.moderation_reason?.match), 'الكَلْب');

    const serbian = await posted('Ti si будала, stvarno.');
    assert.equal(serbian.state, 'awaiting_moderation');
    assert.deepEqual(serbian.moderation_reason, { rule: 'suspect_word', word: 'budala', match: [6, 12] });
    const german = await posted('So eine Sche\u200bisse!');
    assert.deepEqual(german.moderation_reason, { rule: 'suspect_word', word: 'Scheiße', match: [8, 17] });

    for (const harmless of ['قلب الكلبشة', 'Budalaština je reč.', 'Eine Scheibe Brot.']) assert.equal((await posted(harmless)).state, 'visible', harmless);

    const mod = (await signupAs(app, 'mod')).access_token;
    const pending = await queue(app, mod, 'pending');
    const marks = pending.items.map((item) => marked(item.content, item.reason?.match)).sort();
    assert.deepEqual(marks, ['Sche\u200bisse', 'будала']);
  });
});
