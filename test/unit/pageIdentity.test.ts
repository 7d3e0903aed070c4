import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readPageIdentity } from '../../core/page/identity.ts';
import { fakeDocument, meta } from './helpers/fakeDocument.ts';

const HREF = 'https://news.example.com/story/1?utm_source=x&id=7#top';
const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('readPageIdentity', () => {
  it('falls back to <title>, the description meta, the page href and host, en-us, article', () => {
    const page = readPageIdentity(fakeDocument({ title: 'Plain title', meta: [meta('description', 'Plain desc', 'name')] }), HREF);
    assert.equal(page.title, 'Plain title');
    assert.equal(page.description, 'Plain desc');
    assert.equal(page.url, 'https://news.example.com/story/1?id=7#top');
    assert.equal(page.domain, 'news.example.com');
    assert.equal(page.lang, 'en-us');
    assert.equal(page.page_type, 'article');
    assert.equal(page.container_id, null);
    assert.equal(page.section, null);
    assert.equal(page.unique_id, null);
  });

  it('prefers vf:* over og:* over twitter:* over plain tags', () => {
    const all = [
      meta('twitter:title', 'T title', 'name'), meta('og:title', 'OG title'), meta('vf:title', 'VF title'),
      meta('twitter:description', 'T desc', 'name'), meta('og:description', 'OG desc'),
      meta('twitter:image', 'https://img/t.png', 'name'), meta('og:image', 'https://img/og.png'),
    ];
    const page = readPageIdentity(fakeDocument({ title: 'Plain', meta: all }), HREF);
    assert.equal(page.title, 'VF title');
    assert.equal(page.description, 'OG desc');
    assert.equal(page.image_url, 'https://img/og.png');
    const twitterOnly = readPageIdentity(fakeDocument({ title: 'Plain', meta: [all[0]!] }), HREF);
    assert.equal(twitterOnly.title, 'T title');
  });

  it('resolves a relative og:url and picture against the page, as a browser would (the demo pages name theirs so)', () => {
    const page = readPageIdentity(fakeDocument({ meta: [meta('og:url', '/demo/article.html'), meta('og:image', '/demo/trending/trees.svg')] }), 'http://127.0.0.1:3000/demo/article.html?x=1');
    assert.deepEqual([page.url, page.image_url], ['http://127.0.0.1:3000/demo/article.html', 'http://127.0.0.1:3000/demo/trending/trees.svg']);
  });

  it('reads the vf:* identity tags and <html lang>', () => {
    const page = readPageIdentity(
      fakeDocument({
        lang: 'fr-FR',
        meta: [
          meta('vf:container_id', 'article-42'), meta('vf:domain', 'example.org'), meta('vf:section', 'sports'),
          meta('og:type', 'video'),
        ],
      }),
      HREF,
    );
    assert.equal(page.container_id, 'article-42');
    assert.equal(page.domain, 'example.org');
    assert.equal(page.section, 'sports');
    assert.equal(page.lang, 'fr-fr');
    assert.equal(page.page_type, 'video');
    const vfLang = readPageIdentity(fakeDocument({ lang: 'fr', meta: [meta('vf:lang', 'de-de')] }), HREF);
    assert.equal(vfLang.lang, 'de-de');
  });

  it('caps title and description at 500 characters with whitespace collapsed', () => {
    const long = `  a \n\n b\t${'x'.repeat(600)}`;
    const page = readPageIdentity(fakeDocument({ title: long, meta: [meta('description', long, 'name')] }), HREF);
    assert.equal(page.title.length, 500);
    assert.ok(page.title.startsWith('a b x'));
    assert.equal(page.description, page.title);
  });

  it('removes tracking parameters from the canonical url', () => {
    const page = readPageIdentity(
      fakeDocument({
        links: [{ rel: 'canonical', href: '/story/1?utm_campaign=c&fbclid=1&gclid=2&msclkid=3&mc_cid=4&mc_eid=5&_ga=6&yclid=7&igshid=8&page=2' }],
        meta: [meta('og:url', 'https://other.example.com/')],
      }),
      HREF,
    );
    assert.equal(page.url, 'https://news.example.com/story/1?page=2');
    const og = readPageIdentity(fakeDocument({ meta: [meta('og:url', 'https://news.example.com/a?UTM_medium=m')] }), HREF);
    assert.equal(og.url, 'https://news.example.com/a');
  });

  it('unknown page types read as article', () => {
    const page = readPageIdentity(fakeDocument({ meta: [meta('og:type', 'website')] }), HREF);
    assert.equal(page.page_type, 'article');
  });

  it('extracts the unique id from a vf- prefixed uuid', () => {
    const fromMeta = readPageIdentity(fakeDocument({ meta: [meta('vf:unique_id', `vf-${UUID.toUpperCase()}`)] }), HREF);
    assert.equal(fromMeta.unique_id, UUID);
    const fromContainer = readPageIdentity(fakeDocument({ meta: [meta('vf:container_id', `post_vf-${UUID}`)] }), HREF);
    assert.equal(fromContainer.unique_id, UUID);
    const plainContainer = readPageIdentity(fakeDocument({ meta: [meta('vf:container_id', 'article-42')] }), HREF);
    assert.equal(plainContainer.unique_id, null);
  });
});
