/** The live-blog composer's toolbar edits (elements/vf-liveblog/markup.ts) and <vf-live-story>'s href rule. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { imageLine, insertLine, linkSelection, prefixLines, wrapSelection } from '../../elements/vf-liveblog/markup.ts';
import { followHref } from '../../elements/vf-live-story/followHref.ts';
import { parseRichText } from '../../core/text/richText.ts';

describe('composer toolbar edits', () => {
  it('bold and italic wrap the selection, or a selected placeholder', () => {
    assert.deepEqual(wrapSelection('a goal b', 2, 6, '**', 'text'), { text: 'a **goal** b', select: [4, 8] });
    assert.deepEqual(wrapSelection('ab', 1, 1, '*', 'text'), { text: 'a*text*b', select: [2, 6] });
  });

  it('link wraps the selection and selects the address to type', () => {
    const edit = linkSelection('see report', 4, 10, 'link text');
    assert.equal(edit.text, 'see [report](https://)');
    assert.equal(edit.text.slice(...edit.select), 'https://');
  });

  it('list and quote prefix every line the selection touches, once', () => {
    assert.equal(prefixLines('one\ntwo\nthree', 1, 6, '- ').text, '- one\n- two\nthree');
    assert.equal(prefixLines('- one', 0, 5, '- ').text, '- one');
    assert.equal(prefixLines('said', 4, 4, '> ').text, '> said');
  });

  it('an image goes on a line of its own, its alt text kept to one line without brackets', () => {
    const line = imageLine(' A [big]\ncrowd ', '0b0c0d0e-0000-4000-8000-000000000001');
    assert.equal(line, '![A big crowd](media:0b0c0d0e-0000-4000-8000-000000000001)');
    const edit = insertLine('before after', 6, line);
    assert.equal(edit.text, `before\n${line}\n after`);
    assert.deepEqual(parseRichText(insertLine('Text', 4, line).text).map((b) => b.type), ['paragraph', 'image']);
  });
});

describe('<vf-live-story> href', () => {
  const base = 'https://news.example/section/page';
  it('keeps http(s) and relative addresses, resolved against the page', () => {
    assert.equal(followHref('https://other.example/live', base), 'https://other.example/live');
    assert.equal(followHref('/live/match', base), 'https://news.example/live/match');
    assert.equal(followHref('live', base), 'https://news.example/section/live');
  });

  it('ignores any other scheme, blanks and garbage', () => {
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'mailto:a@b.c', '', '   ', undefined, 'http://']) {
      assert.equal(followHref(bad, base), null, String(bad));
    }
  });
});
