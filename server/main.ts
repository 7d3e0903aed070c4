/** Starts the server: configuration, app (migrations run as it loads), demo seed, listen. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_SITE, seed } from './seed.ts';

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
  await seed(app);
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const storage = config.database.engine === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
  console.log(`vf server listening on http://${shownHost}:${port}/  (storage: ${storage})`);
  console.log(`demo site "${DEMO_SITE.name}" ${DEMO_SITE.uuid} on ${DEMO_SITE.domains.join(', ')}`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.user_privilege.padEnd(5)} ${account.email} / ${account.password}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('vf: failed to start:', error);
  process.exit(1);
});
