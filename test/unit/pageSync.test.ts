import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAppStore } from '../../core/store/index.ts';
import { bootstrapSession } from '../../core/session/bootstrap.ts';
import { pageIdentified, selectPageContext } from '../../core/page/slice.ts';
import { readPageIdentity } from '../../core/page/identity.ts';
import { syncPage } from '../../core/page/sync.ts';
import { pageInputFrom } from '../../core/api/pages.ts';
import { configure, resetConfig } from '../../core/config.ts';
import { installLocalStorage } from './helpers/memoryStorage.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { SITE } from './helpers/fixtures.ts';
import { fakeDocument, meta } from './helpers/fakeDocument.ts';

const UUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const PAGE_ID = '99999999-9999-4999-8999-999999999999';
installLocalStorage();
let server: TestServer;

before(async () => {
  server = await startServer();
  configure({ origin: server.origin });
});
after(async () => {
  await server.close();
  resetConfig();
});

/** A window with just an address and the two events the sync listens to. */
function fakeWindow(href: string) {
  const listeners = new Map<string, () => void>();
  return {
    location: { href } as Location,
    addEventListener: (name: string, fn: () => void) => listeners.set(name, fn),
    removeEventListener: (name: string) => listeners.delete(name),
    go(to: string, event = 'hashchange') {
      this.location.href = to;
      listeners.get(event)?.();
    },
    listeners,
  };
}

describe('page sync', () => {
  it('creates the page after bootstrap, exposes its id as the page context, follows hash changes', async () => {
    server.handle((req) => {
      if (req.path.endsWith('/bootstrap/v2')) {
        return { json: { result: { user: null, settings: {}, sectionTree: { section_id: SITE, name: 'S', children: [] }, section_uuid: SITE, session: 'abcdefghijklmnop', domains: ['news.example.com'] } } };
      }
      if (req.path.endsWith('/pages') && req.method === 'POST') return { json: { result: { ...(req.body as object), id: PAGE_ID } } };
      return { status: 404, json: { message: 'no route' } };
    });
    const store = createAppStore();
    const href = 'https://news.example.com/story';
    const identity = readPageIdentity(fakeDocument({ title: 'Story', meta: [meta('vf:unique_id', `vf-${UUID}`), meta('vf:author', '42'), meta('vf:section', 'world')] }), href);
    store.dispatch(pageIdentified(identity));
    const contexts: unknown[] = [];
    const win = fakeWindow(href);
    const stop = syncPage(store, { setContext: (_key, value) => contexts.push(value) }, win as never);

    assert.equal(server.requests.filter((r) => r.path.endsWith('/pages')).length, 0, 'waits for the session');
    await bootstrapSession(store.dispatch, store.getState);
    for (let i = 0; i < 200 && !selectPageContext(store.getState())?.id; i++) await new Promise((resolve) => setTimeout(resolve, 10));

    const post = server.requests.find((r) => r.path.endsWith('/pages'))!;
    assert.deepEqual(post.body, { ...pageInputFrom(identity), session: 'abcdefghijklmnop', section: SITE });
    assert.equal((post.body as { page_section: string }).page_section, 'world');
    assert.equal(selectPageContext(store.getState())?.id, PAGE_ID);
    assert.equal((contexts.at(-1) as { id: string }).id, PAGE_ID);

    win.go(`${href}#deeplink=${UUID}`);
    assert.equal(store.getState().page.href, `${href}#deeplink=${UUID}`);
    assert.equal(store.getState().page.identity?.deeplink_uuid, UUID);
    win.go(href, 'popstate');
    assert.equal(store.getState().page.identity?.deeplink_uuid, null);

    stop();
    assert.equal(win.listeners.size, 0, 'stop removes the listeners');
    assert.equal(server.requests.filter((r) => r.path.endsWith('/pages')).length, 1, 'created once');
  });

  it("only a page on the site's domains is stored, and only a picture on its image hosts is sent", async () => {
    const bootstrap = { user: null, settings: { page_image_hosts: 'img.example' }, sectionTree: { section_id: SITE, name: 'S', children: [] }, section_uuid: SITE, session: 'abcdefghijklmnop', domains: ['news.example.com'] };
    const posted: object[] = [];
    server.handle((req) => {
      if (req.path.endsWith('/bootstrap/v2')) return { json: { result: bootstrap } };
      if (req.path.endsWith('/pages') && req.method === 'POST') {
        posted.push(req.body as object);
        return { json: { result: { ...(req.body as object), id: PAGE_ID } } };
      }
      return { status: 404, json: { message: 'no route' } };
    });
    // The sync decides when the session turns ready (a store listener): a page it sends is then stored.
    const pageOn = async (href: string, image: string, stored = true) => {
      const store = createAppStore();
      store.dispatch(pageIdentified(readPageIdentity(fakeDocument({ title: 'Story', meta: [meta('og:image', image), meta('og:image:alt', 'A picture')] }), href)));
      const stop = syncPage(store, { setContext: () => undefined }, fakeWindow(href) as never);
      await bootstrapSession(store.dispatch, store.getState);
      for (let i = 0; stored && i < 200 && !selectPageContext(store.getState())?.id; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      stop();
    };
    await pageOn('https://elsewhere.example/story', 'https://news.example.com/a.jpg', false);
    assert.deepEqual(posted, [], 'a page off the site is not sent');
    await pageOn('https://news.example.com/cdn', 'https://cdn.example/pixel.gif');
    await pageOn('https://news.example.com/img', 'https://img.example/a.jpg');
    assert.deepEqual(posted.map((body) => [(body as { image_url: string }).image_url, (body as { image_alt: string }).image_alt]), [[null, null], ['https://img.example/a.jpg', 'A picture']]);
  });

  it('a page without an http(s) address is not sent', () => {
    const identity = readPageIdentity(fakeDocument({}), 'file:///tmp/page.html');
    assert.equal(pageInputFrom(identity), null);
  });
});
