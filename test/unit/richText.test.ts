/**
 * The live blog's rich text (docs/api.md "Rich text (live-blog posts)"): what each markup line
 * and inline mark becomes, what stays text as typed, and the server's check of a post.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRichText, parseRichText, type Block, type Inline } from '../../core/text/richText.ts';

const t = (text: string): Inline => ({ type: 'text', text });
const br: Inline = { type: 'break' };
const bold = (...children: Inline[]): Inline => ({ type: 'bold', children });
const italic = (...children: Inline[]): Inline => ({ type: 'italic', children });
const link = (href: string, ...children: Inline[]): Inline => ({ type: 'link', href, children });
const p = (...children: Inline[]): Block => ({ type: 'paragraph', children });
/** The text as one paragraph of plain text: nothing in it was read as markup. */
const asTyped = (text: string) => [p(t(text))];

const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('parseRichText: blocks', () => {
  it('a blank line separates paragraphs; a single line break stays a break', () => {
    assert.deepEqual(parseRichText('one\ntwo\n\nthree\r\nfour\n \n\n\nfive'), [p(t('one'), br, t('two')), p(t('three'), br, t('four')), p(t('five'))]);
    assert.deepEqual(parseRichText(''), []);
    assert.deepEqual(parseRichText('\n\n  \n'), []);
  });

  it('`- ` lines are a bulleted list, `1. ` lines a numbered one, each item with its inline marks', () => {
    assert.deepEqual(parseRichText('Before\n- one\n- **two**\n\n1. first\n22. second\n- back'), [
      p(t('Before')),
      { type: 'list', ordered: false, items: [[t('one')], [bold(t('two'))]] },
      { type: 'list', ordered: true, items: [[t('first')], [t('second')]] },
      { type: 'list', ordered: false, items: [[t('back')]] },
    ]);
    // Not list markers: no space after them, or a letter instead of a number.
    assert.deepEqual(parseRichText('-no\na. no\n1.no'), [p(t('-no'), br, t('a. no'), br, t('1.no'))]);
  });

  it('`> ` lines are a quote, one break between its lines; the lines after it are a paragraph', () => {
    assert.deepEqual(parseRichText('> said *this*\n>\n> and that\nreply'), [
      { type: 'quote', children: [t('said '), italic(t('this')), br, br, t('and that')] },
      p(t('reply')),
    ]);
  });

  it('a line `![alt](media:uuid)` is an image, its uuid in lower case; an image inside a sentence is text', () => {
    assert.deepEqual(parseRichText(`Look:\n![The  stage](media:${UUID.toUpperCase()})\nAfter`), [
      p(t('Look:')),
      { type: 'image', media_uuid: UUID, alt: 'The  stage' },
      p(t('After')),
    ]);
    assert.deepEqual(parseRichText(`![](media:${UUID})`), [{ type: 'image', media_uuid: UUID, alt: '' }]);
    for (const text of [`see ![x](media:${UUID})`, '![x](media:not-a-uuid)', `![x](media:${UUID}) more`]) {
      assert.deepEqual(parseRichText(text), asTyped(text), text);
    }
    // An image of another site is never loaded: it is a link after a '!'.
    assert.deepEqual(parseRichText('![x](https://e.example/x.png)'), [p(t('!'), link('https://e.example/x.png', t('x')))]);
  });

  it('a line holding only a link to a video or a social network post is a card', () => {
    const cards: [string, string, 'video' | 'social'][] = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube.com', 'video'],
      ['https://m.youtube.com/shorts/abc', 'm.youtube.com', 'video'],
      ['https://youtu.be/dQw4w9WgXcQ', 'youtu.be', 'video'],
      ['https://vimeo.com/76979871', 'vimeo.com', 'video'],
      ['https://x.com/someone/status/1', 'x.com', 'social'],
      ['http://twitter.com/someone/status/2', 'twitter.com', 'social'],
      ['https://www.instagram.com/p/Cabc/', 'instagram.com', 'social'],
      ['https://www.facebook.com/story.php?id=3', 'facebook.com', 'social'],
      ['https://www.tiktok.com/@someone/video/4', 'tiktok.com', 'social'],
      ['https://bsky.app/profile/someone.bsky.social/post/3k', 'bsky.app', 'social'],
      ['https://mastodon.social/@Gargron/109', 'mastodon.social', 'social'],
      ['https://example.org/@someone@other.example/110', 'example.org', 'social'],
    ];
    for (const [href, host, kind] of cards) assert.deepEqual(parseRichText(href), [{ type: 'card', href, host, kind }], href);
    // A link written as [text](url) on its own line is a card too.
    assert.deepEqual(parseRichText('Watch:\n[the goal](https://youtu.be/xyz)'), [p(t('Watch:')), { type: 'card', href: 'https://youtu.be/xyz', host: 'youtu.be', kind: 'video' }]);
    // Not cards: a site's home page, other hosts, look-alike hosts, a link inside a sentence, a Mastodon profile.
    for (const text of ['https://www.youtube.com/', 'https://example.com/watch?v=1', 'https://notyoutube.com/watch?v=1', 'https://youtube.com.evil.example/watch?v=1', 'see https://youtu.be/xyz', 'https://mastodon.social/@Gargron']) {
      assert.deepEqual(parseRichText(text), asTyped(text), text);
    }
  });
});

describe('parseRichText: inline marks', () => {
  it('**bold** and *italic*, nested either way', () => {
    assert.deepEqual(parseRichText('a **b** c *d* e'), [p(t('a '), bold(t('b')), t(' c '), italic(t('d')), t(' e'))]);
    assert.deepEqual(parseRichText('*it **bold** it*'), [p(italic(t('it '), bold(t('bold')), t(' it')))]);
    assert.deepEqual(parseRichText('**bo *it* bo**'), [p(bold(t('bo '), italic(t('it')), t(' bo')))]);
    assert.deepEqual(parseRichText('***both***'), [p(italic(bold(t('both'))))]);
  });

  it('[text](url) links http and https only; any other scheme stays text as typed', () => {
    assert.deepEqual(parseRichText('Read [the **report**](https://example.com/r?a=1&b=2) now'), [
      p(t('Read '), link('https://example.com/r?a=1&b=2', t('the '), bold(t('report'))), t(' now')),
    ]);
    assert.deepEqual(parseRichText('[wiki](http://en.example.org/Foo_(bar)).'), [p(link('http://en.example.org/Foo_(bar)', t('wiki')), t('.'))]);
    for (const text of [
      '[click](javascript:alert(1))',
      '[click](JavaScript:alert(1))',
      '[click](data:text/html,<script>alert(1)</script>)',
      '[click](vbscript:msgbox)',
      '[click](//evil.example/)',
      '[click](/relative)',
      '[click](https://)',
      '[click](https://exa mple.com)',
      '[](https://example.com)',
    ]) {
      assert.deepEqual(parseRichText(text), asTyped(text), text);
    }
    // The first bracket does not close before another opens: only the inner link is one.
    assert.deepEqual(parseRichText('[a [b](https://example.com)'), [p(t('[a '), link('https://example.com', t('b')))]);
  });

  it('markup that does not close is shown as typed', () => {
    for (const text of ['**bold', 'it*', '*a', 'a ** b', '2 * 3 * 4', '****', '[text](https://example.com', '[text]', '[text] (https://example.com)', '**a\nb**']) {
      const lines = text.split('\n').flatMap((line, i): Inline[] => (i ? [br, t(line)] : [t(line)]));
      assert.deepEqual(parseRichText(text), [p(...lines)], JSON.stringify(text));
    }
    // An unclosed mark inside a closed one is text in it.
    assert.deepEqual(parseRichText('*a **b*'), [p(italic(t('a **b')))]);
    assert.deepEqual(parseRichText('**a *b**'), [p(bold(t('a *b')))]);
  });

  it('HTML is text, never markup', () => {
    const text = '<img src=x onerror=alert(1)> <b>hi</b>';
    assert.deepEqual(parseRichText(text), asTyped(text));
  });

  it('long input parses in linear time, whatever its markup', () => {
    for (const unit of ['*[', '**a ', '[a](http://', '[', 'a*', '- x\n', '> *', '*a **b ']) {
      const text = unit.repeat(Math.ceil(20000 / unit.length)).slice(0, 20000);
      const started = performance.now();
      const blocks = parseRichText(text);
      assert.ok(blocks.length > 0, unit);
      // A quadratic parse of 20000 characters takes seconds; a linear one a few milliseconds.
      assert.ok(performance.now() - started < 1000, `${JSON.stringify(unit)} took ${performance.now() - started} ms`);
    }
  });
});

describe('checkRichText', () => {
  it('normalises as comments are and lists the images shown, once each, in order', () => {
    const other = '11111111-2222-4333-8444-555555555555';
    const text = `  Hi\u0007 there \r\n\r\n\r\n\r\n\r\n![a](media:${other.toUpperCase()})\n![b](media:${UUID})\n![c](media:${other})  \n`;
    assert.deepEqual(checkRichText(text), {
      ok: true,
      text: `Hi there\n\n\n![a](media:${other.toUpperCase()})\n![b](media:${UUID})\n![c](media:${other})`,
      media_uuids: [other, UUID],
    });
  });

  it('lone surrogates become U+FFFD, as in comments', () => {
    assert.deepEqual(checkRichText('a\uD800 **b\uDC00**'), { ok: true, text: 'a\uFFFD **b\uFFFD**', media_uuids: [] });
    assert.deepEqual(parseRichText('😀 **\uD800**'), [p(t('😀 '), bold(t('\uD800')))]);
  });

  it('refuses a post that shows nothing or is too long', () => {
    for (const blank of ['', '  \n\n ', '\u200B\u202E', '\u0000']) assert.deepEqual(checkRichText(blank), { ok: false, message: 'Post cannot be empty' });
    assert.equal(checkRichText('x'.repeat(20000)).ok, true);
    assert.deepEqual(checkRichText('x'.repeat(20001)), { ok: false, message: 'Post is too long (maximum 20000 characters)' });
    assert.deepEqual(checkRichText('x'.repeat(11), 10), { ok: false, message: 'Post is too long (maximum 10 characters)' });
  });
});
