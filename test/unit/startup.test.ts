// Spec §4 Startup, against a real local HTTP server: the third-party-cookie capability is looked
// up first (once per browser session, kept in sessionStorage), then bootstrap, then ready.
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { start } from '../../core/boot.ts';
import { resetConfig } from '../../core/config.ts';
import { setPublisher } from '../../core/global-api/bus.ts';
import type { LoaderHost } from '../../core/loader/host.ts';
import { resetStore } from '../../core/store/index.ts';
import { lookUpThirdPartyCookies } from '../../core/session/thirdPartyCookies.ts';
import { getStore } from '../../core/store/index.ts';
import { MemoryStorage, installLocalStorage } from './helpers/memoryStorage.ts';
import { startServer, type TestServer } from './helpers/httpServer.ts';
import { SITE } from './helpers/fixtures.ts';

const local = installLocalStorage();
const session = new MemoryStorage();
Object.defineProperty(globalThis, 'sessionStorage', { value: session, configurable: true, writable: true });

let server: TestServer;
let steps: string[];
let thirdPartyAnswers: boolean[];

function host(): LoaderHost {
  return {
    page: {
      container_id: 'article-1', title: 'A', description: '', url: 'https://news.example.com/a', domain: 'news.example.com',
      section: null, lang: 'en-us', image_url: null, image_alt: null, page_type: 'article', unique_id: null,
    },
    origin: server.origin,
    setContext: (key) => steps.push(`context:${key}`),
    publish: () => undefined,
    ready: () => steps.push('ready'),
  };
}

before(async () => {
  server = await startServer();
});
after(async () => {
  setPublisher(null);
  await server.close();
  resetConfig();
});
beforeEach(() => {
  local.clear();
  session.clear();
  steps = [];
  thirdPartyAnswers = [false, true];
  server.requests.length = 0;
  server.handle((req) => {
    steps.push(`request:${req.path.replace('/api/v2/', '')}`);
    if (req.path.endsWith('/thirdpartycookie')) return { json: { result: { thirdparty_enabled: thirdPartyAnswers.shift() } } };
    return {
      json: { result: { user: null, settings: {}, sectionTree: { section_id: SITE, name: 'S', children: [] }, section_uuid: SITE, session: 'abcdefghijklmnop' } },
    };
  });
});
afterEach(() => resetStore());

describe('startup', () => {
  it('asks about third-party cookies, then bootstraps, then signals ready', async () => {
    await start(host());
    const requests = steps.filter((step) => step.startsWith('request:'));
    assert.deepEqual(requests, ['request:thirdpartycookie', 'request:thirdpartycookie', 'request:bootstrap/v2']);
    assert.ok(steps.indexOf('ready') > steps.indexOf('request:bootstrap/v2'));
    assert.equal(steps.filter((step) => step === 'ready').length, 1);
    assert.equal(session.getItem('vf.thirdparty_enabled'), 'true', 'the probe cookie came back on the second ask');
  });

  it('looks the capability up once per browser session', async () => {
    session.setItem('vf.thirdparty_enabled', 'false');
    await start(host());
    assert.ok(!steps.includes('request:thirdpartycookie'));
    assert.equal(await lookUpThirdPartyCookies(getStore().dispatch), false);
  });

  it('sends the known capability with login', async () => {
    session.setItem('vf.thirdparty_enabled', 'true');
    await start(host());
    const { usersApi } = await import('../../core/api/users.ts');
    await getStore().dispatch(usersApi.endpoints.login.initiate({ email: 'a@example.com', password: 'password1' }));
    const login = server.requests.find((req) => req.path.endsWith('/users/login'));
    assert.equal((login?.body as { thirdparty_enabled?: boolean }).thirdparty_enabled, true);
  });

  it('does not remember an answer it could not get', async () => {
    server.handle((req) => {
      steps.push(`request:${req.path}`);
      return req.path.endsWith('/thirdpartycookie') ? { status: 500, json: { message: 'down' } } : { json: { result: null } };
    });
    assert.equal(await lookUpThirdPartyCookies(getStore().dispatch), false);
    assert.equal(session.getItem('vf.thirdparty_enabled'), null);
  });
});
