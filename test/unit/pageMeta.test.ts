import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readAddress, readPageIdentity } from '../../core/page/identity.ts';
import { isPageOwner, parseOwnerId, parseOwnerIds } from '../../core/page/owners.ts';
import { pageSlice, pageIdentified, pageStored, pageUrlChanged, selectPageContext } from '../../core/page/slice.ts';
import { fakeDocument, meta } from './helpers/fakeDocument.ts';

const HREF = 'https://news.example.com/story/1';
const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

describe('page identity: owners, topics, ads, address', () => {
  it('reads owners and authors: vf-<uuid>, uuids, numeric ids, provider ids; drops the rest', () => {
    const page = readPageIdentity(
      fakeDocument({ meta: [meta('vf:owner', `vf-${UUID.toUpperCase()}`), meta('vf:author', '42, facebook:1234'), meta('vf:author', 'nobody, 42, -3')] }),
      HREF,
    );
    assert.deepEqual(page.owners, [UUID, '42', 'facebook:1234']);
    assert.equal(parseOwnerId(String(2 ** 52 - 1)), String(2 ** 52 - 1));
    assert.equal(parseOwnerId(String(2 ** 52)), null, 'beyond 2^52-1');
    assert.equal(parseOwnerId('myspace:1'), null, 'unknown provider');
    assert.equal(parseOwnerIds(Array.from({ length: 80 }, (_, i) => String(i))).length, 50);
  });

  it('matches a page owner by uuid, numeric id or provider + social id', () => {
    const owners = [UUID, '42', 'google:abc'];
    assert.ok(isPageOwner(owners, { uuid: UUID.toUpperCase() }));
    assert.ok(isPageOwner(owners, { id: 42 }));
    assert.ok(isPageOwner(owners, { social_login_provider: 'Google', social_login_id: 'abc' }));
    assert.equal(isPageOwner(owners, { uuid: '00000000-0000-4000-8000-000000000001', id: 7 }), false);
    assert.equal(isPageOwner(owners, null), false);
  });

  it('topics: vf:topics/vf:tags win over article:tag, which wins over keywords; deduplicated', () => {
    const vf = readPageIdentity(fakeDocument({ meta: [meta('keywords', 'k1, k2', 'name'), meta('article:tag', 'og1'), meta('vf:topics', 'Politics, Europe'), meta('vf:tags', 'politics,  Elections')] }), HREF);
    assert.deepEqual(vf.topics, ['Politics', 'Europe', 'Elections']);
    const og = readPageIdentity(fakeDocument({ meta: [meta('keywords', 'k1', 'name'), meta('article:tag', 'og1'), meta('article:tag', 'og2')] }), HREF);
    assert.deepEqual(og.topics, ['og1', 'og2']);
    const plain = readPageIdentity(fakeDocument({ meta: [meta('keywords', 'k1, k2,,', 'name')] }), HREF);
    assert.deepEqual(plain.topics, ['k1', 'k2']);
    assert.deepEqual(readPageIdentity(fakeDocument({}), HREF).topics, []);
  });

  it('the ads-disabled flag, og:locale language, twitter fallbacks for description, image and alt', () => {
    assert.equal(readPageIdentity(fakeDocument({ meta: [meta('vf:ads_disabled', 'true')] }), HREF).ads_disabled, true);
    assert.equal(readPageIdentity(fakeDocument({ meta: [meta('vf:disable_ads', '1')] }), HREF).ads_disabled, true);
    assert.equal(readPageIdentity(fakeDocument({ meta: [meta('vf:ads_disabled', 'false')] }), HREF).ads_disabled, false);
    const page = readPageIdentity(
      fakeDocument({ lang: 'en', meta: [meta('og:locale', 'fr_CA'), meta('twitter:description', 'T desc', 'name'), meta('description', 'plain', 'name'), meta('twitter:image', 'https://i/t.png', 'name'), meta('twitter:image:alt', 'alt t', 'name'), meta('og:image:alt', 'alt og')] }),
      HREF,
    );
    assert.equal(page.lang, 'fr-ca');
    assert.equal(page.description, 'T desc');
    assert.equal(page.image_url, 'https://i/t.png');
    assert.equal(page.image_alt, 'alt og');
  });

  it('deeplink and autosociallogin come from the query or the hash; a deeplink must be a uuid', () => {
    assert.deepEqual(readAddress(`${HREF}?deeplink=${UUID.toUpperCase()}`), { deeplink_uuid: UUID, autosociallogin: null });
    assert.deepEqual(readAddress(`${HREF}#deeplink=${UUID}&autosociallogin=google`), { deeplink_uuid: UUID, autosociallogin: 'google' });
    assert.deepEqual(readAddress(`${HREF}?deeplink=not-a-uuid`), { deeplink_uuid: null, autosociallogin: null });
    assert.equal(readPageIdentity(fakeDocument({}), `${HREF}#deeplink=${UUID}`).deeplink_uuid, UUID);
    assert.equal(readPageIdentity(fakeDocument({}), `${HREF}?gclid=1&_gl=2&deeplink=${UUID}`).url, `${HREF}?deeplink=${UUID}`);
  });
});

describe('page slice', () => {
  const identity = readPageIdentity(fakeDocument({ meta: [meta('vf:unique_id', `vf-${UUID}`)] }), HREF);

  it('a hash change updates the address and the deeplink, keeping the identity', () => {
    let state = pageSlice.reducer(undefined, pageIdentified(identity));
    state = pageSlice.reducer(state, pageUrlChanged(`${HREF}#deeplink=${UUID}`));
    assert.equal(state.href, `${HREF}#deeplink=${UUID}`);
    assert.equal(state.identity?.deeplink_uuid, UUID);
    assert.equal(state.identity?.unique_id, UUID);
    state = pageSlice.reducer(state, pageUrlChanged(`${HREF}#comments`));
    assert.equal(state.identity?.deeplink_uuid, null);
  });

  it('the page context is the identity plus the stored page id', () => {
    let state = pageSlice.reducer(undefined, pageIdentified(identity));
    assert.equal(selectPageContext({ page: state })?.id, undefined);
    state = pageSlice.reducer(state, pageStored({ id: '99999999-9999-4999-8999-999999999999' } as never));
    const context = selectPageContext({ page: state });
    assert.equal(context?.id, '99999999-9999-4999-8999-999999999999');
    assert.equal(context?.unique_id, UUID);
  });
});
