// The importer (docs/import.md), in process on SQLite (and PostgreSQL with DATABASE_URL): a
// generated Disqus export of 20,000 comments on 200 articles by 997 readers (one in three a reply,
// one in ten listed before its parent), streamed from a generator; comments imported per second,
// the live heap's growth during the import, and the second run (nothing to add) per second.
// `node --import tsx bench/import.ts`; its rows are in `npm run bench`.
import { randomUUID } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Kysely } from 'kysely';
import { DEFAULT_SITE_SETTINGS } from '../core/settings/site.ts';
import { importComments } from '../server/import/importer.ts';
import { migrateToLatest } from '../server/storage/engine.ts';
import type { Database } from '../server/storage/schema.ts';
import { upsertSite } from '../server/engine/sites.ts';
import { generateDisqus } from '../test/fixtures/import/generate.ts';
import { inProcessPerEngine, type Row } from './comments-list.ts';

const COMMENTS = 20_000;
const THREADS = 200;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function measure(engine: string, db: Kysely<Database>): Promise<Row[]> {
  await migrateToLatest(db);
  const site = randomUUID();
  await upsertSite(db, { uuid: site, name: 'bench import', domains: [`import-${site}.example`], settings: DEFAULT_SITE_SETTINGS });
  const input = () => generateDisqus({ threads: THREADS, comments: COMMENTS });
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = 0;
  const onBatch = () => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - before);
  };
  let start = performance.now();
  const first = await importComments(db, site, 'disqus', { input: input() }, { onBatch });
  const firstSeconds = (performance.now() - start) / 1000;
  start = performance.now();
  const again = await importComments(db, site, 'disqus', { input: input() });
  const againSeconds = (performance.now() - start) / 1000;
  if (first.comments !== COMMENTS || again.comments !== 0) throw new Error(`import bench: ${first.comments} then ${again.comments} comments written`);
  return [
    [`import Disqus, ${COMMENTS.toLocaleString('en')} comments (${engine})`, `${Math.round(COMMENTS / firstSeconds)} comments/s`, `live heap +${(peak / 1048576).toFixed(1)} MB`],
    [`  the same file again: nothing to add (${engine})`, `${Math.round(COMMENTS / againSeconds)} comments/s`, 'adds 0'],
  ];
}

export const importRows = (): Promise<Row[]> => inProcessPerEngine('vf-bench-import-', measure);

if (import.meta.url === `file://${process.argv[1]}`) for (const row of await importRows()) console.log(row.join(' | '));
