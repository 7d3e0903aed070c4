// The built loader on publisher pages: single-page-app reset and loadNewPage, legacy containers
// and legacy rendering, the tray vf adds (queued calls, login/logout and the user context), and
// chunks that fail to load (route aborted) showing a translated message with Retry.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.mjs';
import { startServer } from '../support/serve.mjs';

const SITE = '5f3c2a1e-7b4d-4c8e-9a6f-1d2e3f4a5b6c';
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let token = '';

before(async () => {
  server = await startServer();
  browser = await launchChromium();
  const email = `mount-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  await api('/api/v2/users', { name: 'Seeder', email, password, section: SITE });
  token = (await api<{ access_token: string }>('/api/v2/users/login', { email, password, section: SITE })).access_token;
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.origin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/** Posts one comment in the conversation `containerId`. */
async function seed(containerId: string, text: string): Promise<void> {
  const q = new URLSearchParams({ container_id: containerId, section: SITE });
  const container = await api<{ content_container_uuid: string }>(`/api/comments/${SITE}/contentcontainer/id?${q}`);
  await api(`/api/comments/${SITE}/${container.content_container_uuid}/comments`, { content: text, section: SITE });
}

function publisherPage(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
    <title>Mount test</title>${head}<script async src="/vf.js"></script></head><body>${body}</body></html>`;
}

async function open(html: string, options: { query?: string; prepare?: (page: Page) => Promise<unknown> } = {}) {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(`${server.origin}/mount-test.html*`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await options.prepare?.(page);
  await page.goto(`${server.origin}/mount-test.html${options.query ?? ''}`);
  await page.waitForFunction(() => typeof (window as { vf?: unknown }).vf === 'object');
  return { page, requests, errors };
}

const ready = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => (window as any).vf.$ready(resolve)));

describe('single-page apps', () => {
  it('context.reset re-mounts every widget on the new page\'s conversation, without reloading vf.js or flashing empty widgets', async () => {
    const first = `spa-first-${Date.now()}`;
    const second = `spa-second-${Date.now()}`;
    await seed(first, 'A comment on the first story');
    await seed(second, 'A comment on the second story');
    const { page, requests } = await open(publisherPage(
      '<h1>Story</h1><vf-conversations-count></vf-conversations-count><vf-conversations></vf-conversations>'
        + '<vf-conversations-count id="kept" data-vf-preserve></vf-conversations-count>',
      `<meta name="vf:container_id" content="${first}">`,
    ));
    await page.getByText('A comment on the first story').waitFor();
    await page.locator('vf-conversations-count:not(#kept)').getByText('1 comment').waitFor();
    // The painted comments can show before the element's chunk has run: reset once it has mounted.
    await page.waitForFunction(() => customElements.get('vf-conversations') !== undefined);

    // Every frame from now on: does the conversation area show a comment (old or new)?
    // (A string: tsx would wrap named functions in a helper the page does not have.)
    await page.evaluate(`(() => {
      const w = window;
      w.emptyFrames = 0;
      w.seenEvents = [];
      for (const name of ['mount', 'unmount']) w.vf.$subscribe('widgets', name, (p) => w.seenEvents.push(name + ':' + p.kind));
      const showsComment = () =>
        [...document.querySelectorAll('vf-conversations, [data-vf-frozen="vf-conversations"]')].some(
          (el) => getComputedStyle(el).display !== 'none' && /A comment on the (first|second) story/.test(el.shadowRoot?.textContent ?? ''));
      const watch = () => {
        if (!showsComment()) w.emptyFrames++;
        if (!w.stopWatching) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    })()`);

    await page.waitForFunction(() => document.querySelector('#kept')?.shadowRoot?.textContent === '1 comment');
    await page.evaluate((id) => {
      (window as any).before = { kept: document.querySelector('#kept'), count: document.querySelector('vf-conversations-count:not(#kept)') };
      document.querySelector('meta[name="vf:container_id"]')!.setAttribute('content', id);
      history.pushState(null, '', '/story/second');
      return (window as any).vf.context.reset();
    }, second);
    await page.getByText('A comment on the second story').waitFor();
    const result = await page.evaluate(async () => {
      const w = window as any;
      w.stopWatching = true;
      return { emptyFrames: w.emptyFrames, events: w.seenEvents, page: await w.vf.context.get('page') };
    });
    assert.equal(result.emptyFrames, 0, 'the old comments stay until the new ones are there');
    const identity = await page.evaluate(() => {
      const before = (window as any).before;
      return {
        keptSame: document.querySelector('#kept') === before.kept,
        countSame: document.querySelector('vf-conversations-count:not(#kept)') === before.count,
      };
    });
    assert.deepEqual(identity, { keptSame: true, countSame: false }, 'data-vf-preserve keeps its element; others are replaced');
    assert.equal(await page.getByText('A comment on the first story').count(), 0);
    assert.equal(result.page.container_id, second);
    assert.equal(requests.filter((url) => url.endsWith('/vf.js')).length, 1, 'vf.js is not loaded again');
    assert.ok(result.events.includes('unmount:vf-conversations') && result.events.includes('mount:vf-conversations'), result.events.join());
    assert.equal(await page.locator('vf-conversations').count(), 1);
    await page.close();
  });

  it('loadNewPage({ path }) moves the page identity to the new address; a bad call rejects', async () => {
    const article = `spa-meta-${Date.now()}`;
    await seed(article, 'The article the app opened on');
    const { page } = await open(publisherPage('<vf-conversations></vf-conversations>', `<meta name="vf:container_id" content="${article}">
      <meta name="vf:section" content="Science">`));
    await page.getByText('The article the app opened on').waitFor();
    const path = `/spa/next-${Date.now()}`;
    await seed(`${server.origin}${path}`, 'Said about the next page');
    const bad = await page.evaluate(() => (window as any).vf.loadNewPage({}).then(() => 'resolved', (e: Error) => e.message));
    assert.equal(bad, 'Only one of either path or url must be passed to loadNewPage');
    const both = await page.evaluate(() => (window as any).vf.loadNewPage({ path: '/a', url: 'http://x/' }).catch((e: Error) => e.message));
    assert.equal(both, 'Only one of either path or url must be passed to loadNewPage');

    await page.evaluate((p) => (window as any).vf.loadNewPage({ path: p }), path);
    await page.getByText('Said about the next page').waitFor();
    const context = await page.evaluate(() => (window as any).vf.context.get('page'));
    assert.equal(context.url, `${server.origin}${path}`);
    assert.equal(context.container_id, null, 'the first article\'s container id no longer applies');
    assert.equal(context.section, 'Science', 'meta-derived fields that still apply are kept');
    await page.close();
  });

  it('context.teardown unmounts every widget and announces unready', async () => {
    const { page } = await open(publisherPage('<vf-conversations-count vf-container-id="td"></vf-conversations-count>'));
    await ready(page);
    await page.waitForFunction(() =>
      ['vf-conversations-count', 'vf-tray', 'vf-tray-trigger'].every((tag) => customElements.get(tag)));
    const result = await page.evaluate(async () => {
      const vf = (window as any).vf;
      await vf.context.teardown();
      let ranEarly = false;
      vf.$ready(() => (ranEarly = true));
      return { left: document.querySelectorAll('vf-conversations-count, vf-tray, vf-tray-trigger').length, ranEarly };
    });
    assert.deepEqual(result, { left: 0, ranEarly: false });
    await page.close();
  });
});

describe('legacy pages', () => {
  it('mounts <div class="viafoura" data-widget="comments"> as conversations, and ?forceLegacy=1 renders in the light DOM', async () => {
    const id = `legacy-${Date.now()}`;
    await seed(id, 'Legacy container comment');
    const { page } = await open(
      publisherPage(`<style>.vf-comment__text { letter-spacing: 3px; }</style>
        <div class="viafoura" data-widget="comments" unique_id="${id}" limit="5" sort="oldest"></div>`),
      { query: '?forceLegacy=1' },
    );
    await page.getByText('Legacy container comment').waitFor();
    const found = await page.evaluate(() => {
      const el = document.querySelector('.viafoura > vf-conversations')!;
      const text = el.querySelector('.vf-comment__text');
      return {
        container: el.getAttribute('vf-container-id'),
        limit: el.getAttribute('limit'),
        sort: el.getAttribute('sort'),
        shadow: el.shadowRoot !== null,
        spacing: text ? getComputedStyle(text).letterSpacing : null,
        widgetId: el.getAttribute('data-vf-widget-id'),
      };
    });
    assert.equal(found.container, id);
    assert.equal(found.limit, '5');
    assert.equal(found.sort, 'oldest');
    assert.equal(found.shadow, false, 'no shadow root on the legacy path');
    assert.equal(found.spacing, '3px', 'the publisher\'s page CSS reaches the widget');
    assert.match(found.widgetId ?? '', /^vfw-/);

    // A reset on the legacy path: the frozen stand-in is plain markup, never a second widget.
    const mounts = await page.evaluate(async () => {
      const vf = (window as any).vf;
      let count = 0;
      vf.$subscribe('widgets', 'mount', (p: { kind: string }) => p.kind === 'vf-conversations' && count++);
      await vf.context.reset();
      return { count, elements: document.querySelectorAll('vf-conversations').length, frozen: document.querySelectorAll('[data-vf-frozen]').length };
    });
    await page.getByText('Legacy container comment').waitFor();
    assert.deepEqual(mounts, { count: 1, elements: 1, frozen: 0 });
    await page.close();
  });
});

describe('the tray vf adds', () => {
  it('replays calls made before it loaded; logs in and out from its profile view; the user context follows', async () => {
    const { page } = await open(publisherPage('<p>No comments on this page.</p>'));
    await page.evaluate(() => void (window as any).vf.tray.open('profile'));
    const tray = page.getByRole('dialog', { name: 'Notifications' });
    await tray.waitFor();
    assert.equal(await page.locator('#vf-profile').isVisible(), true, 'opened on the profile view');
    await page.locator('vf-tray-trigger[floating]').waitFor({ state: 'attached' });

    const email = `tray-${Date.now()}@example.com`;
    await tray.getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in to join the conversation' });
    await login.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByRole('dialog', { name: 'Create your account' }).getByLabel('Name').fill('Tray Person');
    await page.getByRole('dialog', { name: 'Create your account' }).getByLabel('Email').fill(email);
    await page.getByRole('dialog', { name: 'Create your account' }).getByLabel('Password').fill('correct horse battery');
    await page.getByRole('dialog', { name: 'Create your account' }).getByRole('button', { name: 'Sign up' }).click();
    await tray.getByText('Tray Person').waitFor();
    const signedIn = await page.evaluate(async () => {
      const user = await (window as any).vf.context.get('user');
      return { name: user.name, counts: user.data_count(), classes: document.documentElement.className };
    });
    assert.equal(signedIn.name, 'Tray Person');
    assert.deepEqual(signedIn.counts, { comments_made: 0, likes_received: 0, likes_made: 0, dislikes_made: 0, dislikes_received: 0 });
    assert.match(signedIn.classes, /\bvf-logged-in\b/);

    await page.evaluate(() => (window as any).vf.$subscribe('user', 'logout', () => ((window as any).userLogout = true)));
    await tray.getByRole('button', { name: 'Log out' }).click();
    await tray.getByRole('button', { name: 'Log in' }).waitFor();
    const signedOut = await page.evaluate(async () => {
      const user = await (window as any).vf.context.get('user');
      return { id: user.id, classes: document.documentElement.className };
    });
    assert.equal(signedOut.id, null);
    assert.equal(await page.evaluate(() => (window as any).userLogout), true, 'user/logout published');
    assert.match(signedOut.classes, /\bvf-logged-out\b/);
    await page.keyboard.press('Escape');
    await tray.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('is not given a trigger on a page with conversations', async () => {
    const { page } = await open(publisherPage('<vf-conversations vf-container-id="no-trigger"></vf-conversations>'));
    await ready(page);
    await page.locator('body > vf-tray').waitFor({ state: 'attached' });
    await page.waitForTimeout(200);
    assert.equal(await page.locator('vf-tray-trigger').count(), 0);
    await page.close();
  });
});

describe('chunks that fail to load', () => {
  it('an element chunk that fails shows a translated message with Retry; the rest of the page works; Retry loads it', async () => {
    let failing = true;
    const { page, errors } = await open(
      publisherPage('<p>Story <vf-conversations-count vf-container-id="chunk-fail"></vf-conversations-count></p>'),
      {
        prepare: (p) => p.route(/\/chunks\/vf-conversations-count-[\w-]+\.js/, (route) => (failing ? route.abort() : route.continue())),
      },
    );
    const notice = page.locator('vf-conversations-count [data-vf-chunk-error]');
    await notice.getByText("This part of the page didn't load.").waitFor();
    await ready(page);
    await page.locator('vf-tray-trigger').getByRole('button', { name: 'Open notifications' }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
    await page.keyboard.press('Escape');
    failing = false;
    await notice.getByRole('button', { name: 'Retry' }).click();
    await page.waitForFunction(() => customElements.get('vf-conversations-count') !== undefined);
    assert.equal(await notice.count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a chunk that an element chunk imports failing is fetched again by Retry (the browser keeps failed modules failed)', async () => {
    let failing = true;
    const requests: string[] = [];
    const containerId = `dep-fail-${Date.now()}`;
    await seed(containerId, 'One comment to count');
    const { page, errors } = await open(
      publisherPage(`<p>Story <vf-conversations-count vf-container-id="${containerId}"></vf-conversations-count></p>`),
      {
        prepare: (p) =>
          p.route(/\/chunks\/useViewerRefetch-[\w-]+\.js/, (route) => {
            requests.push(route.request().url());
            return failing ? route.abort() : route.continue();
          }),
      },
    );
    const notice = page.locator('vf-conversations-count [data-vf-chunk-error]');
    await notice.getByText("This part of the page didn't load.").waitFor();
    const failedRequests = requests.length;
    failing = false;
    await notice.getByRole('button', { name: 'Retry' }).click();
    await page.waitForFunction(() => customElements.get('vf-conversations-count') !== undefined);
    await page.locator('vf-conversations-count [part="count"]').getByText('1').waitFor();
    assert.ok(requests.length > failedRequests, 'Retry asked the network for the failed chunk again');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a login dialog chunk that fails shows the message in place of the dialog, the widget stays, and Retry opens it', async () => {
    let failing = true;
    const { page, errors } = await open(publisherPage('<p>No comments on this page.</p>'), {
      prepare: (p) => p.route(/\/chunks\/LoginDialog-[\w-]+\.js/, (route) => (failing ? route.abort() : route.continue())),
    });
    await page.evaluate(() => void (window as any).vf.tray.open('profile'));
    const tray = page.getByRole('dialog', { name: 'Notifications' });
    await tray.getByRole('button', { name: 'Log in' }).click();
    await tray.getByText("This part of the page didn't load.").waitFor();
    assert.equal(await tray.getByRole('button', { name: 'Log in' }).isVisible(), true, 'the tray is still there');
    failing = false;
    await tray.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('dialog', { name: 'Log in to join the conversation' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a language bundle that fails shows the message (untranslated) in the widget, and Retry fetches it again', async () => {
    let failing = true;
    const { page, errors } = await open(publisherPage('<p>Story</p><vf-tray-trigger></vf-tray-trigger>'), {
      prepare: (p) => p.route(/\/chunks\/i18n-en-us-base-[\w-]+\.js/, (route) => (failing ? route.abort() : route.continue())),
    });
    const trigger = page.locator('vf-tray-trigger').first();
    await trigger.getByRole('alert').getByText("This part of the page didn't load.").waitFor();
    failing = false;
    await trigger.getByRole('button', { name: 'Retry' }).click();
    await trigger.getByRole('button', { name: 'Open notifications' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a stylesheet chunk that fails shows the message in the widget, with Retry', async () => {
    let failing = true;
    const { page } = await open(publisherPage('<p>Story</p>'), {
      prepare: (p) => p.route(/\/chunks\/styles-[\w-]+\.js/, (route) => (failing ? route.abort() : route.continue())),
    });
    const trigger = page.locator('vf-tray-trigger');
    await trigger.getByText("This part of the page didn't load.").waitFor();
    failing = false;
    await trigger.getByRole('button', { name: 'Retry' }).click();
    await trigger.getByRole('button', { name: 'Open notifications' }).waitFor();
    await page.close();
  });
});

describe('the demo article', () => {
  /** A new reader of the demo site; returns their token. */
  async function newReaderToken(name: string): Promise<string> {
    const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    await api('/api/v2/users', { name, email, password, section: SITE });
    return (await api<{ access_token: string }>('/api/v2/users/login', { email, password, section: SITE })).access_token;
  }

  async function postAs<T>(readerToken: string, path: string, body: unknown): Promise<T> {
    const res = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${readerToken}` },
      body: JSON.stringify(body),
    });
    assert.ok(res.ok, `${path} → ${res.status}`);
    return ((await res.json()) as { result: T }).result;
  }

  it('shows a pull quote of the most liked comment after 5 s, and the conversation starter once near, leading to the conversation', async () => {
    const author = await newReaderToken('Quoted Reader');
    const q = new URLSearchParams({ container_id: 'demo-article-river-trees', section: SITE });
    const container = await api<{ content_container_uuid: string }>(`/api/comments/${SITE}/contentcontainer/id?${q}`);
    const base = `/api/comments/${SITE}/${container.content_container_uuid}/comments`;
    const comment = await postAs<{ content_uuid: string }>(author, base, { content: 'The shade on the river walk changed my summer.' });
    // The demo conversation is seeded with liked comments: this one gets one like more than the most liked.
    const [mostLiked] = (await api<{ contents: { total_likes: number }[] }>(`${base}?limit=1&sorted_by=num_likes_desc`)).contents;
    for (let i = 0; i <= (mostLiked?.total_likes ?? 0); i++) {
      await postAs(await newReaderToken(`Liking Reader ${i}`), `${base}/${comment.content_uuid}/like`, {});
    }

    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(`${server.origin}/demo/article.html`);
    const quote = page.locator('vf-pull-quote');
    await quote.locator('[part="quote"]').getByText('The shade on the river walk changed my summer.').waitFor({ timeout: 20_000 });
    assert.equal(await quote.locator('[part="author"]').textContent(), '— Quoted Reader');

    const starter = page.locator('vf-conversation-starter');
    await starter.scrollIntoViewIfNeeded();
    await starter.locator('[part="title"]').getByText('Should the planting reach the industrial estate?').waitFor();
    assert.equal(await starter.evaluate((el) => getComputedStyle(el).visibility), 'visible');
    // A guest who joins is taken to the conversation, whose compose box asks them to log in.
    await starter.getByRole('button', { name: 'Join the conversation' }).click();
    await page.locator('vf-conversations dialog[open]').waitFor();
    await page.close();
  });
});
