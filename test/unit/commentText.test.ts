/**
 * Comment text (content.md §3): paragraphs, and http(s) addresses as links — never any other
 * scheme, never HTML. Rendered to static markup so the test reads what a reader gets.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CommentText, linkify, safeHref } from '../../elements/ui/CommentText.tsx';

const html = (text: string) => renderToStaticMarkup(createElement(CommentText, { text }));

describe('comment text', () => {
  it('keeps paragraphs and line breaks as text', () => {
    assert.equal(html('One\nline\n\nTwo'), '<div class="vf-comment__text" part="comment-text"><p>One\nline</p><p>Two</p></div>');
  });

  it('links http and https addresses with rel="nofollow ugc noopener" in a new tab', () => {
    const out = html('See https://example.com/a?b=1&c=2 and http://example.org.');
    assert.match(out, /<a href="https:\/\/example.com\/a\?b=1&amp;c=2" rel="nofollow ugc noopener" target="_blank" part="comment-link">https:\/\/example.com\/a\?b=1&amp;c=2<\/a>/);
    assert.match(out, /<a href="http:\/\/example.org\/"[^>]*>http:\/\/example.org<\/a>\.<\/p>/);
  });

  it('never links other schemes and renders markup as text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'ftp://example.com/file', '<a href="javascript:alert(1)">x</a>']) {
      const out = html(text);
      assert.doesNotMatch(out, /<a /, text);
      assert.doesNotMatch(out, /<b>/, text);
    }
    assert.equal(html('<script>alert(1)</script>'), '<div class="vf-comment__text" part="comment-text"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></div>');
  });

  it('a link address cannot break out of its attribute or smuggle a scheme', () => {
    const out = html('https://example.com/"onmouseover="alert(1)');
    assert.doesNotMatch(out, /onmouseover="/);
    assert.equal(safeHref('https://'), null);
    assert.equal(safeHref('javascript://example.com/%0Aalert(1)'), null);
  });

  it('leaves closing punctuation and an unopened parenthesis outside the link', () => {
    assert.deepEqual(linkify('(see https://example.com/page), then https://en.wikipedia.org/wiki/Foo_(bar)!'), [
      { text: '(see ' },
      { href: 'https://example.com/page', text: 'https://example.com/page' },
      { text: '), then ' },
      { href: 'https://en.wikipedia.org/wiki/Foo_(bar)', text: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      { text: '!' },
    ]);
  });

  it('text without addresses is one text part', () => {
    assert.deepEqual(linkify('plain words: http only, no address'), [{ text: 'plain words: http only, no address' }]);
  });

  it('marks a span of the text (the word that held it) across paragraphs and inside a link, still as text', () => {
    const marked = (text: string, mark: readonly [number, number]) => renderToStaticMarkup(createElement(CommentText, { text, mark }));
    assert.equal(marked('A darn <b>day</b>', [2, 6]), '<div class="vf-comment__text" part="comment-text"><p>A <mark part="mark">darn</mark> &lt;b&gt;day&lt;/b&gt;</p></div>');
    // Offsets count the blank line between paragraphs.
    assert.equal(marked('One\n\nTwo darn', [9, 13]), '<div class="vf-comment__text" part="comment-text"><p>One</p><p>Two <mark part="mark">darn</mark></p></div>');
    assert.equal(
      marked('see https://spam.example/x now', [12, 16]),
      '<div class="vf-comment__text" part="comment-text"><p>see <a href="https://spam.example/x" rel="nofollow ugc noopener" target="_blank" part="comment-link">https://<mark part="mark">spam</mark>.example/x</a> now</p></div>',
    );
  });
});
