// Mounting and global-API pieces that need no DOM: the widget action queue, loadNewPage's
// address rules, legacy CSS scoping, chunk errors, the tray's queue and page classes.
import { describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { createActionQueue, QUEUE_POLL_MS } from '../../core/mount/actionQueue.ts';
import { LOAD_NEW_PAGE_ERROR, newPageAddress, pageForAddress } from '../../core/mount/newPage.ts';
import { isLegacyRendering, scopeCss } from '../../core/mount/legacy.ts';
import { ChunkLoadError, importChunk } from '../../core/loader/chunks.ts';
import { CSS_CHUNK_LOAD_FAILED, loadCssChunk } from '../../core/mount/cssChunk.ts';
import { isMobileLayout } from '../../core/mount/registry.ts';
import { pageClassesFor } from '../../core/mount/page.ts';
import {
  attachTray, detachTray, getTrayState, getTrayStatus, resetTray, trayApi, trayLoading,
} from '../../core/mount/tray.ts';
import { setPublisher } from '../../core/global-api/bus.ts';
import type { PageDocument } from '../../core/page/identity.ts';
import { user } from './helpers/fixtures.ts';
import { manualTimers } from '../support/manualTimers.ts';


const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('widget action queue', () => {
  it('runs nothing before ready, then each action one at a time in order', async () => {
    const timers = manualTimers();
    const queue = createActionQueue(timers);
    const log: string[] = [];
    let release!: () => void;
    queue.push(() => new Promise<void>((resolve) => {
      log.push('first starts');
      release = () => {
        log.push('first ends');
        resolve();
      };
    }));
    queue.push(() => log.push('second'));
    await flush();
    assert.deepEqual([...log], [], 'nothing runs before ready');
    queue.ready();
    await flush();
    assert.deepEqual([...log], ['first starts'], 'the second waits for the first');
    release();
    await flush();
    assert.deepEqual([...log], ['first starts', 'first ends', 'second']);
  });

  it('pauses on unready and polls an empty backlog every 150 ms', async () => {
    const timers = manualTimers();
    const queue = createActionQueue(timers);
    const log: string[] = [];
    queue.ready();
    await flush();
    assert.equal(timers.pending(), 1, 'an empty backlog is looked at again later');
    queue.push(() => log.push('late'));
    timers.tick(QUEUE_POLL_MS - 1);
    await flush();
    assert.deepEqual([...log], []);
    timers.tick(1);
    await flush();
    assert.deepEqual([...log], ['late']);
    queue.unready();
    queue.push(() => log.push('paused'));
    timers.tick(QUEUE_POLL_MS * 3);
    await flush();
    assert.deepEqual([...log], ['late'], 'paused while unready');
    queue.ready();
    await flush();
    assert.deepEqual([...log], ['late', 'paused']);
  });
});

describe('loadNewPage', () => {
  const base = 'https://news.example/a/first?x=1';
  it('needs exactly one of path or url', () => {
    for (const bad of [{}, { path: '/a', url: 'https://x.example/' }, null, 'x', { path: '' }]) {
      assert.throws(() => newPageAddress(bad, base), { message: LOAD_NEW_PAGE_ERROR });
    }
    assert.equal(LOAD_NEW_PAGE_ERROR, 'Only one of either path or url must be passed to loadNewPage');
    assert.equal(newPageAddress({ path: '/b/second' }, base), 'https://news.example/b/second');
    assert.equal(newPageAddress({ url: 'https://other.example/c' }, base), 'https://other.example/c');
  });

  function doc(meta: Record<string, string>): PageDocument {
    const tags = Object.entries(meta).map(([name, content]) => ({
      getAttribute: (attr: string) => (attr === 'name' ? name : attr === 'content' ? content : null),
    }));
    return { querySelectorAll: (selector: string) => (selector === 'meta' ? tags : []), title: 'T' };
  }

  it('points the identity at the new address; an unchanged container id meta no longer applies', () => {
    const first = doc({ 'vf:container_id': 'old-article', 'vf:section': 'Local', 'vf:url': 'https://news.example/a/first' });
    const { read } = pageForAddress(first, 'https://news.example/a/first', null);
    const { page } = pageForAddress(first, 'https://news.example/b/second?utm_source=x', read);
    assert.equal(page.url, 'https://news.example/b/second');
    assert.equal(page.container_id, null, 'the old page\'s container id is dropped');
    assert.equal(page.section, 'Local', 'descriptive meta still applies');
    const changed = doc({ 'vf:container_id': 'new-article' });
    assert.equal(pageForAddress(changed, 'https://news.example/b/second', read).page.container_id, 'new-article');
  });
});

describe('legacy rendering', () => {
  it('is chosen by ?forceLegacy=1', () => {
    assert.equal(isLegacyRendering('?forceLegacy=1'), true);
    assert.equal(isLegacyRendering('?a=b&forceLegacy'), true);
    assert.equal(isLegacyRendering('?forceLegacy=0'), false);
    assert.equal(isLegacyRendering(''), false);
  });

  it('scopes sheets under the tag, :host becoming the tag and keyframes staying top-level', () => {
    const css = ':host{display:block}:host([hidden]){display:none}.x{color:red}@keyframes p{0%{opacity:0}to{opacity:1}}';
    assert.equal(
      scopeCss(css, 'vf-tray'),
      '@keyframes p{0%{opacity:0}to{opacity:1}}vf-tray,[data-vf-frozen="vf-tray"]{&{display:block}&[hidden]{display:none}.x{color:red}}',
    );
  });
});

describe('chunk errors', () => {
  it('a failing import raises a ChunkLoadError naming the chunk and the request', async () => {
    const error = await importChunk('vf-tray', 'https://cdn.example/chunks/vf-tray-x.js', () => Promise.reject(new TypeError('net')))
      .then(() => null, (e: unknown) => e);
    assert.ok(error instanceof ChunkLoadError);
    assert.equal(error.name, 'ChunkLoadError');
    assert.equal(error.chunk, 'vf-tray');
    assert.equal(error.request, 'https://cdn.example/chunks/vf-tray-x.js');
  });

  it('an import that never settles fails after the time-out', async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const pending = importChunk('core', '/chunks/core.js', () => new Promise(() => {}));
      mock.timers.tick(120000);
      await assert.rejects(pending, { name: 'ChunkLoadError', chunk: 'core' });
    } finally {
      mock.timers.reset();
    }
  });

  it('a stylesheet chunk failure carries code CSS_CHUNK_LOAD_FAILED', async () => {
    await assert.rejects(loadCssChunk('vf-tray', () => Promise.reject(new Error('404'))), { code: CSS_CHUNK_LOAD_FAILED });
    assert.equal(await loadCssChunk('vf-tray', () => Promise.resolve({ default: 'a{}' })), 'a{}');
  });
});

describe('tray', () => {
  it('queues calls until it is loaded, then replays them in order and publishes its events', () => {
    const events: string[] = [];
    setPublisher((channel, name) => events.push(`${channel}/${name}`));
    try {
      resetTray();
      assert.equal(getTrayStatus(), 'unloaded');
      trayApi.open('profile');
      trayApi.changeTab('settings');
      trayLoading();
      assert.equal(getTrayStatus(), 'loading');
      assert.equal(getTrayState().open, false, 'nothing happens before the tray is loaded');
      const element = { isConnected: true } as HTMLElement;
      assert.equal(attachTray(element), true);
      assert.equal(getTrayStatus(), 'loaded');
      assert.deepEqual(getTrayState(), { open: true, view: 'settings' });
      trayApi.toggle();
      trayApi.showProfile();
      assert.deepEqual(events, ['tray/open', 'tray/change_tab', 'tray/toggle', 'tray/close', 'tray/show_profile']);
      const warn = mock.method(console, 'warn', () => {});
      assert.equal(attachTray({ isConnected: true } as HTMLElement), false, 'one tray per page');
      warn.mock.restore();
      detachTray(element);
      assert.equal(getTrayStatus(), 'unloaded');
    } finally {
      setPublisher(null);
      resetTray();
    }
  });
});

describe('page classes and mobile', () => {
  it('names logged-out, logged-in, moderator and admin states', () => {
    assert.deepEqual(pageClassesFor(null), ['vf-logged-out']);
    assert.deepEqual(pageClassesFor(user()), ['vf-logged-in']);
    assert.deepEqual(pageClassesFor(user({ user_privilege: 'mod' })), ['vf-logged-in', 'vf-moderator']);
    assert.deepEqual(pageClassesFor(user({ user_privilege: 'admin' })), ['vf-logged-in', 'vf-admin']);
  });

  it('is mobile on a mobile device in a window narrower than 765 px', () => {
    const phone = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148' };
    const desktop = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' };
    assert.equal(isMobileLayout(phone, 390), true);
    assert.equal(isMobileLayout(phone, 800), false);
    assert.equal(isMobileLayout(desktop, 390), false);
    assert.equal(isMobileLayout({ ...desktop, userAgentData: { mobile: true } }, 500), true);
  });
});
