/**
 * Which readers get which mail (docs/notifications.md "Email"), through the real outbox and a real
 * SMTP server: a reply, a pick, a held comment approved or rejected (with the queue's reason), a
 * new comment on a followed page, a new post in a followed live blog; never the actor's own, nor
 * to an unverified, banned, erased or deleting account, a category switched off, or a reader on
 * hourly, daily or off. HTML escapes the reader's text; each mail has the one-click headers.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call } from './comment-calls.ts';
import { postComment, resultOf } from './helpers.ts';
import { liveblog, publish } from './liveblog-calls.ts';
import { decide } from './moderation-queue-calls.ts';
import { ban, decoded, followPage, mailWith, mailWorld, outboxOf, pageConversation, reader } from './reader-mail-calls.ts';
import type { Comment } from '../../core/api/types.ts';
import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../../core/i18n/languages.ts';

describe('readers’ mails', () => {
  test('a reply: mailed to the parent’s author once, escaped, deep-linked, with the one-click headers; never one’s own', async (t) => {
    const { app, sink } = await mailWorld(t);
    const { c, url } = await pageConversation(app);
    const [alice, bob] = [await reader(app), await reader(app)];
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'My opinion');
    await postComment(app, alice.access_token, c.content_container_uuid, 'Answering myself', root.content_uuid); // own: no mail
    const reply = await postComment(app, bob.access_token, c.content_container_uuid, 'I <b>disagree</b> & "strongly"', root.content_uuid);

    const mail = await sink.nth(1);
    assert.deepEqual(mail.to, [alice.user.email]);
    assert.match(decoded(mail.subject), new RegExp(`${bob.user.name} replied to your comment`));
    assert.match(mail.text, /I <b>disagree<\/b> & "strongly"/, 'plain text keeps the words as written');
    assert.ok(mail.text.includes(`${url}#vf-${reply.content_uuid}`), 'a deep link to the reply on its page');
    const unsubscribe = /^<(https:\/\/comments\.example\.test\/api\/v2\/mail\/unsubscribe\?token=[^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
    assert.ok(unsubscribe, `List-Unsubscribe: ${mail.headers['list-unsubscribe']}`);
    assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    assert.ok(mail.text.includes('#vf-email-preferences'), 'a footer link to the preferences');

    const written = await outboxOf(app);
    assert.deepEqual(written.map((w) => [w.user_uuid, w.category, w.dedupe_key]), [[alice.user.uuid, 'reply', `reply:${reply.content_uuid}:${alice.user.uuid}`]]);
    const { html } = written[0]!.mail;
    assert.ok(html.includes('I &lt;b&gt;disagree&lt;/b&gt; &amp; &quot;strongly&quot;'), 'the reader’s text escaped in HTML');
    assert.ok(!html.includes('<b>disagree'), 'never markup');
    assert.ok(html.includes('#0b5cad'), 'the accent colour');

    // A retried producer writes nothing new: one mail per reason.
    await app.readerMails.send([{ category: 'reply', reason: 'reply', recipient: alice.user.uuid, item: reply.content_uuid, actor: bob.user.uuid }]);
    assert.equal((await outboxOf(app)).length, 1);
  });

  test('nobody unverified, banned, erased or deleting, with the category off, or on hourly, daily or off', async (t) => {
    const { app, sink, mod } = await mailWorld(t);
    const { c } = await pageConversation(app);
    const replier = await reader(app);
    const readers = {
      unverified: await reader(app, false), banned: await reader(app), erased: await reader(app), deleting: await reader(app),
      categoryOff: await reader(app), hourly: await reader(app), daily: await reader(app), off: await reader(app), control: await reader(app),
    };
    const roots = new Map<string, Comment>();
    for (const [name, account] of Object.entries(readers)) roots.set(name, await postComment(app, account.access_token, c.content_container_uuid, `By ${name}`));
    const set = (name: keyof typeof readers, change: Record<string, unknown>) => app.db.updateTable('users').set(change).where('uuid', '=', readers[name].user.uuid).execute();
    await ban(app, readers.banned.user.uuid, mod.user.uuid);
    await set('erased', { erased_at: Date.now() });
    await set('deleting', { deletion_requested_at: Date.now() });
    await set('categoryOff', { email_notice_categories: JSON.stringify({ reply: false }) });
    await set('hourly', { email_notice_frequency: 'hourly' });
    await set('daily', { email_notice_frequency: 'daily' });
    await set('off', { email_notice_frequency: 'off' });
    for (const root of roots.values()) await postComment(app, replier.access_token, c.content_container_uuid, 'A reply', root.content_uuid);

    assert.deepEqual((await outboxOf(app)).map((w) => w.user_uuid), [readers.control.user.uuid], 'only the control reader’s mail is written');
    assert.deepEqual((await sink.nth(1)).to, [readers.control.user.email]);
    assert.equal(sink.mails.length, 1);
  });

  test('a pick: the author mailed once, however often it is picked again', async (t) => {
    const { app, sink, mod } = await mailWorld(t);
    const { c, url } = await pageConversation(app);
    const alice = await reader(app);
    const root = await postComment(app, alice.access_token, c.content_container_uuid, 'Worth a pick');
    resultOf(await call(app, 'POST', c, `comments/${root.content_uuid}/pick`, mod.access_token));
    resultOf(await call(app, 'DELETE', c, `comments/${root.content_uuid}/pick`, mod.access_token));
    resultOf(await call(app, 'POST', c, `comments/${root.content_uuid}/pick`, mod.access_token));
    const mail = await sink.nth(1);
    assert.match(decoded(mail.subject), /picked your comment/);
    assert.ok(mail.text.includes(`${url}#vf-${root.content_uuid}`));
    assert.deepEqual((await outboxOf(app)).map((w) => [w.category, w.dedupe_key]), [['pick', `pick:${root.content_uuid}:${alice.user.uuid}`]]);
    // An editor picking their own comment (in the queue) did it themself: no mail, though verified.
    await app.db.updateTable('users').set({ email_verification_status: 'approved' }).where('uuid', '=', mod.user.uuid).execute();
    const own = await postComment(app, mod.access_token, c.content_container_uuid, 'Mine');
    await decide(app, mod.access_token, 'pick', [{ uuid: own.content_uuid, state: 'visible' }]);
    assert.equal((await outboxOf(app)).length, 1, 'not mailed about one’s own pick');
  });

  test('a held comment approved is mailed; one rejected is told once, by its statement of reasons with the ground', async (t) => {
    const { app, sink, mod } = await mailWorld(t);
    const { c } = await pageConversation(app);
    resultOf(await call(app, 'POST', c, 'settings', mod.access_token, { is_premoderated: true }));
    const alice = await reader(app);
    const first = await postComment(app, alice.access_token, c.content_container_uuid, 'Please let me in');
    const second = await postComment(app, alice.access_token, c.content_container_uuid, 'Me too');
    assert.equal(first.state, 'awaiting_moderation');
    resultOf(await call(app, 'POST', c, `moderation/${first.content_uuid}/enable`, mod.access_token));
    await mailWith(sink, 1, /was approved/);
    await decide(app, mod.access_token, 'reject', [{ uuid: second.content_uuid, state: 'awaiting_moderation' }]);
    // The statement of reasons tells the rejection (docs/law.md, not a reader's choice), with its ground.
    const rejected = await mailWith(sink, 2, /A moderation decision about your comment/);
    const statement = await app.db.selectFrom('statements_of_reasons').select('ground_label').where('content_uuid', '=', second.content_uuid).executeTakeFirstOrThrow();
    assert.ok(rejected.text.includes(statement.ground_label), rejected.text);
    assert.deepEqual((await outboxOf(app, alice.user.uuid)).map((w) => w.dedupe_key), [`approved:${first.content_uuid}:${alice.user.uuid}`]);
  });

  test('a followed page’s new comment, and a followed live blog’s new post, in the page’s language', async (t) => {
    const { app, sink, mod } = await mailWorld(t);
    const { c, page } = await pageConversation(app, 'fr-FR');
    const [follower, writer] = [await reader(app), await reader(app)];
    await followPage(app, follower.user.uuid, page);
    await followPage(app, writer.user.uuid, page);
    await postComment(app, writer.access_token, c.content_container_uuid, 'Bonjour');
    const comment = await sink.nth(1);
    assert.deepEqual(comment.to, [follower.user.email]);
    assert.match(comment.text, /a commenté « Article mail-page-\d+ », une page que vous suivez/);
    assert.deepEqual((await outboxOf(app)).map((w) => w.category), ['page_follow'], 'the writer, who follows too, is not mailed about their own comment');

    const blog = await pageConversation(app, null, 'mail-liveblog-1');
    const lb = await liveblog(app, 'mail-liveblog-1');
    await followPage(app, follower.user.uuid, blog.page);
    const post = await publish(app, mod.access_token, lb, 'Breaking: it happened');
    const news = await mailWith(sink, 2, /New post in the live blog/);
    assert.ok(news.text.includes(`#vf-${post.content_uuid}`));
    assert.deepEqual((await outboxOf(app, follower.user.uuid)).map((w) => w.category), ['page_follow', 'liveblog_follow']);
  });
});

test('the mails’ strings: every key in all 12 languages, the same {places}, translated', () => {
  const read = (lang: string) => JSON.parse(readFileSync(new URL(`../../server/mail/messages/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
  const english = read('en-us');
  const places = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const lang of LANGUAGES) {
    const strings = read(lang);
    assert.deepEqual(Object.keys(strings), Object.keys(english), lang);
    for (const [key, text] of Object.entries(english)) assert.deepEqual(places(strings[key]!), places(text), `${lang} ${key}`);
    if (lang !== 'en-us') assert.ok(Object.keys(english).filter((key) => strings[key] === english[key]).length <= 1, `${lang} is translated`);
  }
});
