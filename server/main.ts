/** Starts the server: configuration, app (migrations run as it loads), seed, listen, banner. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from './app.ts';
import { type Config, ConfigError, DEFAULT_DRAIN_SECONDS, isLoopbackHost, loadConfig } from './config.ts';
import { shutdownOnSignals } from './operations/shutdown.ts';
import { DEMO_ACCOUNTS, DEMO_SITE, seed } from './demo/index.ts';
import { readDemoPages } from './demo/pages.ts';

// The server renders first paints with React (server/ssr/), loaded on the first one: its
// production build, unless the environment says otherwise (tests run the development build).
process.env['NODE_ENV'] ??= 'production';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`vf: configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = buildApp({ config });
  await app.ready();
  await seed(app, { demoContent: { dataDir: config.dataDir, origin: `http://127.0.0.1:${config.port}` } });
  await app.listen({ port: config.port, host: config.host });

  // From the process's start to listening (migrations and the seed included): `npm run bench` reads it.
  app.log.info({ startMs: Math.round(performance.now()) }, 'ready');
  collectStartGarbage();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const storage = config.database.engine === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  console.log(`vf server listening on http://${shownHost}:${port}/  (storage: ${storage})`);
  for (const line of modeBanner(config, `http://${shownHost}:${port}`)) console.log(line);
  // The demo pages' titles, pictures and conversations, for the rails before anyone visits them.
  if (config.demo) readDemoPages(app, `http://127.0.0.1:${port}`).catch((error: unknown) => app.log.warn({ err: error }, 'demo: reading the demo pages failed'));

  shutdownOnSignals(app, config.drainSeconds ?? DEFAULT_DRAIN_SECONDS, Boolean(config.trustProxy));
}

/**
 * Starting leaves about 25 MB of garbage (migrations, every route's schemas compiled, the demo
 * seed) that an idle server never allocates enough to collect. Two full collections now (after
 * the first, V8 still keeps the pages; after the second it gives them back, about 20 MB of
 * resident memory here: docs/server.md "Memory and start time"). Tens of milliseconds, once.
 */
function collectStartGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

/** Which mode runs (docs/server.md "Demo mode"), and in demo mode the accounts and the mail page. */
function modeBanner(config: Config, origin: string): string[] {
  const loopback = isLoopbackHost(config.host);
  const how = process.env['VF_DEMO']?.trim() ? `VF_DEMO=${config.demo ? 1 : 0}` : `the default: HOST ${config.host} is ${loopback ? '' : 'not '}loopback`;
  const proxies = config.trustProxy
    ? `  readers' addresses: X-Forwarded-For believed from ${config.trustProxy.join(', ')} (VF_TRUST_PROXY)`
    : '  behind a reverse proxy? set VF_TRUST_PROXY to its address (docs/server.md "Behind a reverse proxy")';
  if (!config.demo) {
    return [
      `production mode (${how}; VF_DEMO=1 turns demo mode on): no demo accounts, no /demo/mail page`,
      `  mail: ${config.smtpUrl ? 'sent through SMTP_URL' : 'not sent (no SMTP_URL): logged without its links'}`,
      '  first admin of a site: npm run admin -- --email <address> --site <site uuid or domain>',
      proxies,
    ];
  }
  return [
    `demo mode (${how}; VF_DEMO=0 turns it off)${loopback ? '' : ' — WARNING: other machines connecting directly can reach these public passwords'}`,
    `demo site "${DEMO_SITE.name}" ${DEMO_SITE.uuid} on ${DEMO_SITE.domains.join(', ')}`,
    ...DEMO_ACCOUNTS.map((account) => `  ${account.user_privilege.padEnd(5)} ${account.email} / ${account.password}`),
    `  mail: ${config.smtpUrl ? 'sent through SMTP_URL' : `kept in the data folder, listed at ${origin}/demo/mail`}`,
    '  demo mode answers only this machine: a request through a proxy (Forwarded, X-Forwarded-*, X-Real-IP, or a Host',
    '  that is not loopback) gets no demo login, /demo/mail or stand-in; a public server runs with VF_DEMO=0',
    ...(config.trustProxy ? [proxies] : []),
  ];
}

main().catch((error: unknown) => {
  console.error('vf: failed to start:', error);
  process.exit(1);
});
