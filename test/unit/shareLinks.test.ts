/**
 * core/share/links.ts: the networks a share bar lists, the address a share carries (who shared,
 * where), each network's link built with URL encoding, and only http(s) pages shared.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stripTracking } from '../../core/page/identity.ts';
import { DEFAULT_NETWORKS, httpAddress, parseNetworks, sharedUrl, shareLink } from '../../core/share/links.ts';

test('networks: known names in the order given, once each; twitter is x; none known is the default set', () => {
  assert.deepEqual(parseNetworks(' Email, twitter ,x, myspace, native, copy'), ['email', 'x', 'copy']);
  assert.deepEqual(parseNetworks(''), [...DEFAULT_NETWORKS]);
  assert.deepEqual(parseNetworks('myspace'), [...DEFAULT_NETWORKS]);
});

test('only http(s) addresses are shared, without their fragment', () => {
  assert.equal(httpAddress('javascript:alert(1)'), null);
  assert.equal(httpAddress('data:text/html,x'), null);
  assert.equal(httpAddress('/story?id=1#comments', 'https://news.example/')?.href, 'https://news.example/story?id=1');
});

test('the shared address carries medium, source and sharer, and the page identity strips them again', () => {
  const page = new URL('https://news.example/story?id=1&vf_sharer=someone-else');
  const signedIn = new URL(sharedUrl(page, 'facebook', 'b9c7f0de-1111-4222-8333-444455556666'));
  assert.deepEqual([...signedIn.searchParams], [['id', '1'], ['vf_sharer', 'b9c7f0de-1111-4222-8333-444455556666'], ['vf_medium', 'share'], ['vf_source', 'facebook']]);
  const guest = new URL(sharedUrl(page, 'copy', null));
  assert.equal(guest.searchParams.get('vf_sharer'), null, "a guest's link names no sharer");
  assert.equal(stripTracking(signedIn.href, signedIn.href), 'https://news.example/story?id=1');
});

test('links: the address and title encoded as query values, never as markup', () => {
  const url = 'https://news.example/story?a=1&vf_source=x';
  const x = new URL(shareLink('x', url, 'Fish & "chips" <b>'));
  assert.equal(x.origin + x.pathname, 'https://x.com/intent/post');
  assert.equal(x.searchParams.get('url'), url);
  assert.equal(x.searchParams.get('text'), 'Fish & "chips" <b>');
  assert.equal(new URL(shareLink('facebook', url, '')).searchParams.get('u'), url);
  assert.equal(
    shareLink('email', url, 'A & B', 'Read this'),
    `mailto:?subject=A%20%26%20B&body=${encodeURIComponent(`Read this\n\n${url}`)}`,
  );
  assert.equal(new URL(shareLink('whatsapp', url, 'Title')).searchParams.get('text'), `Title\n\n${url}`);
});
