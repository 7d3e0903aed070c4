/**
 * Run by test/server/demo-process.test.ts inside a network namespace of its own (`unshare --net`):
 * gives that namespace's loopback interface the non-loopback address 192.0.2.1 (nothing outside the
 * namespace can reach it, and nothing here reaches out), starts the real server on it as a publisher
 * would (HOST=192.0.2.1, no VF_DEMO), makes the requests the test asks about, and prints what it saw
 * as one JSON line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, DEMO_SITE } from '../../../server/demo/index.ts';
import { startServer } from '../../support/serve.mjs';

export const NON_LOOPBACK_HOST = '192.0.2.1';

execFileSync('ip', ['link', 'set', 'lo', 'up']);
execFileSync('ip', ['addr', 'add', `${NON_LOOPBACK_HOST}/32`, 'dev', 'lo']);

const server = await startServer({ host: NON_LOOPBACK_HOST });
try {
  const post = (path: string, body: object) =>
    fetch(`${server.origin}/api/v2/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const banner = server.output();
  const demoLogins: number[] = [];
  for (const account of DEMO_ACCOUNTS) {
    demoLogins.push((await post('users/login', { email: account.email, password: account.password, section: DEMO_SITE.uuid })).status);
  }
  const mailPage = (await fetch(`${server.origin}/demo/mail`)).status;
  const email = 'reader@example.test';
  const signUp = (await post('users', { name: 'Reader', email, password: 'reader-password', section: DEMO_SITE.uuid })).status;
  const reset = (await post('account/password', { email, section: DEMO_SITE.uuid, url: 'http://localhost/article' })).status;
  // Mail goes out in the background: wait (up to 10 s) for its log line.
  for (let i = 0; i < 100 && !server.output().includes('"msg":"mail: not sent'); i++) await new Promise((r) => setTimeout(r, 100));
  const mailDir = existsSync(join(server.dataDir, 'mail'));
  console.log(JSON.stringify({ origin: server.origin, banner, demoLogins, mailPage, signUp, reset, output: server.output(), mailDir }));
} finally {
  await server.stop();
}
