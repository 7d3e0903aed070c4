// An imported body as vf stores it (server/import/htmlText.ts, docs/import.md "Bodies").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_COMMENT_LENGTH } from '../../server/content/normalise.ts';
import { decodeEntities } from '../../core/text/htmlEntities.ts';
import { importedBody } from '../../server/import/htmlText.ts';

test('paragraphs and line breaks become lines; links keep their text and address; images their alt text', () => {
  assert.deepEqual(importedBody('<p>One<br>two</p><p>Three</p>'), { text: 'One\ntwo\n\nThree', shortened: false });
  assert.equal(importedBody('See <a href="https://x.example/a?b=1&amp;c=2" rel="nofollow">this page</a>.')?.text, 'See this page (https://x.example/a?b=1&c=2).');
  assert.equal(importedBody('<a href="https://x.example">https://x.example</a>')?.text, 'https://x.example');
  assert.equal(importedBody('<a href="javascript:alert(1)">click</a>')?.text, 'click', 'only http(s) and mailto addresses are kept');
  assert.equal(importedBody('<img src="a.png" alt="A heron"> on the bank')?.text, 'A heron on the bank');
  assert.equal(importedBody('<ul><li>one</li><li>two</li></ul>')?.text, '- one\n- two');
});

test('other tags go (scripts and styles with their content); entities are decoded; escaped markup stays text', () => {
  assert.equal(importedBody('<b>bold</b> <script>alert(1)</script><style>p{}</style>&lt;i&gt; &amp; &#233;&#x1F333; &hellip;')?.text, 'bold <i> & é🌳 …');
  assert.equal(decodeEntities('&unknown; &#xD800; &#0;'), '&unknown; \ufffd \ufffd');
});

test('an empty body is null (stored as deleted); a long one is cut at the comment limit', () => {
  assert.equal(importedBody('<p> </p><br>'), null);
  assert.equal(importedBody(''), null);
  const long = importedBody('x'.repeat(MAX_COMMENT_LENGTH + 50))!;
  assert.equal(long.shortened, true);
  assert.equal(long.text.length, MAX_COMMENT_LENGTH);
  assert.ok(long.text.endsWith('…'));
});
