/**
 * The real server process (server/main.ts) and demo mode: on a non-loopback address it starts
 * without it by default, says so, and logs mail without links; on 127.0.0.1 it starts with it.
 * The non-loopback server runs in a network namespace of its own (support/nonLoopbackProbe.ts), so
 * it listens on a real non-loopback address that nothing outside the namespace can reach.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../../server/demo/index.ts';
import { startServer, type RunningServer } from '../support/serve.mjs';

async function started(t: { after(fn: () => Promise<void>): void }): Promise<RunningServer> {
  const server = await startServer();
  t.after(() => server.stop());
  return server;
}

const post = (server: RunningServer, path: string, body: object) =>
  fetch(`${server.origin}/api/v2/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface Probe {
  origin: string; banner: string; demoLogins: number[]; mailPage: number; signUp: number; reset: number; output: string; mailDir: boolean;
}

test('on a non-loopback address the server runs without demo mode: no demo account, no /demo/mail, mail logged without its link', () => {
  const probe = fileURLToPath(new URL('./support/nonLoopbackProbe.ts', import.meta.url));
  const printed = execFileSync('unshare', ['--net', '--', process.execPath, '--import', 'tsx', probe], { encoding: 'utf8', timeout: 60_000 });
  const seen = JSON.parse(printed.trim().split('\n').at(-1)!) as Probe;
  assert.match(seen.origin, /^http:\/\/192\.0\.2\.1:/);
  assert.match(seen.banner, /production mode/);
  for (const account of DEMO_ACCOUNTS) assert.ok(!seen.banner.includes(account.password), 'no demo password is printed');
  assert.deepEqual(seen.demoLogins, DEMO_ACCOUNTS.map(() => 401), 'no demo account exists');
  assert.equal(seen.mailPage, 404);
  assert.equal(seen.signUp, 200);
  assert.equal(seen.reset, 200);
  const logged = '"msg":"mail: not sent'; // the JSON log line, not the banner's
  const line = seen.output.split('\n').find((l) => l.includes(logged));
  assert.ok(line, `no mail log line in:\n${seen.output}`);
  assert.ok(line.includes('reader@example.test') && line.includes('Reset your password'), line);
  assert.ok(line.includes('[link left out]'), line);
  assert.ok(!/vtoken|localhost\/article/.test(seen.output), 'neither the link nor its token is in the output');
  assert.equal(seen.mailDir, false, 'nothing is written to the data folder');
});

test('on 127.0.0.1 the server runs in demo mode and its banner shows the accounts and the mail page', async (t) => {
  const server = await started(t);
  const banner = server.output();
  assert.match(banner, /demo mode/);
  for (const account of DEMO_ACCOUNTS) {
    assert.ok(banner.includes(`${account.email} / ${account.password}`), banner);
    assert.equal((await post(server, 'users/login', { email: account.email, password: account.password, section: DEMO_SITE.uuid })).status, 200);
  }
  assert.ok(banner.includes(`${server.origin}/demo/mail`), banner);
  assert.match(banner, /demo mode answers only this machine: a request through a proxy [^]* gets no demo login, \/demo\/mail or stand-in/);
  assert.equal((await fetch(`${server.origin}/demo/mail`)).status, 200);
  // What a proxy on this machine hands on from the internet gets nothing of demo mode.
  assert.equal((await fetch(`${server.origin}/demo/mail`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status, 404);
});

test('a fresh demo server reads its own demo pages: the demo article is in the trending rail with the title and picture its page gives, before any reader opened it', async (t) => {
  const server = await started(t);
  type Trending = { result: { contents: { container_id: string; page: { title: string; url: string; image_url: string | null } | null }[] } };
  let article: Trending['result']['contents'][number] | undefined;
  // The pages are read one by one: the ads page, which embeds the article's conversation, may hold it until the article's own page is read.
  for (let tries = 0; tries < 100 && !article?.page?.url.endsWith('/demo/article.html'); tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    const answer = (await (await fetch(`${server.origin}/api/comments/${DEMO_SITE.uuid}/trending?limit=10`)).json()) as Trending;
    article = answer.result.contents.find((item) => item.container_id === 'demo-article-river-trees');
  }
  assert.deepEqual(article?.page && { ...article.page }, {
    ...article?.page,
    title: 'City plants 10,000 trees along its river',
    url: `${server.origin}/demo/article.html`,
    image_url: `${server.origin}/demo/trending/trees.svg`,
  });
});
