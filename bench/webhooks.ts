// Webhook delivery throughput (docs/webhooks.md "Retries"): 2,000 queued deliveries to one local
// receiver that answers 204, sent by one server process's worker (20 at a time, kept-alive
// connections), from the first claim to the last recorded attempt. Per engine, like
// bench/comments-list.ts. The app runs in this process (the receiver too), so the figure is a
// floor for one process. `node --import tsx bench/webhooks.ts` (add DATABASE_URL for PostgreSQL too)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { DEMO_SITE, seed } from '../server/demo/index.ts';
import { createWebhook } from '../server/webhooks/queries.ts';
import { enqueueDeliveries } from '../server/engine/outbox.ts';
import { perEngine, type Engine } from './comments-list.ts';

type Row = [string, string, string];
const DELIVERIES = 2_000;

async function deliveryRows(engine: Engine): Promise<Row[]> {
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-bench-hooks-'));
  const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...engine.env }) });
  try {
    await app.ready();
    await seed(app);
    const admin = await app.db.selectFrom('users').select('uuid').where('site_uuid', '=', DEMO_SITE.uuid).executeTakeFirstOrThrow();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const hook = await createWebhook(app.db, DEMO_SITE.uuid, admin.uuid, { url, events: ['comment.created'], description: 'bench' });
    const data = { webhook_uuid: hook.webhook_uuid };
    for (let i = 0; i < DELIVERIES; i += 500) {
      await enqueueDeliveries(app.db, DEMO_SITE.uuid, Array.from({ length: Math.min(500, DELIVERIES - i) }, () => hook.webhook_uuid), 'webhook.ping', data);
    }
    const started = performance.now();
    while ((await app.webhooks.tick()) > 0);
    const seconds = (performance.now() - started) / 1000;
    return [[`webhook deliveries (${engine.name}, one process, local receiver)`, `${Math.round(DELIVERIES / seconds)} /s`, `${received}/${DELIVERIES} received`]];
  } finally {
    await app.close();
    // pg's pool.end() resolves before its sockets close: let them go before perEngine drops the database.
    if (engine.name === 'PostgreSQL') await new Promise((resolve) => setTimeout(resolve, 500));
    receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const webhookRows = (): Promise<Row[]> => perEngine(deliveryRows);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await webhookRows()) console.log(row.join(' | '));
}
