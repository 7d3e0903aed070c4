/** What the command-line tools share (admin.ts, import.ts, export.ts): running on the database, refusals, finding the site. */
import type { Kysely } from 'kysely';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../storage/engine.ts';
import type { Database } from '../storage/schema.ts';
import { getSite, SiteDirectory, type Site } from '../engine/sites.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A refusal the user can act on: printed as is, exit code 1 (2 for a usage error). */
export class Refusal extends Error {
  constructor(message: string, readonly code = 1) {
    super(message);
  }
}

/** The arguments, read strictly (node:util's parseArgs); one it refuses is a usage error (exit 2) followed by `usage`. */
export function parseCommandLine<T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config); // strict by default: an unknown option or a missing value is refused
  } catch (error) {
    throw new Refusal(`${(error as Error).message}\n${usage}`, 2);
  }
}

/** The site named by uuid or by one of its domains; a refusal listing the sites otherwise. */
export async function findSite(db: Kysely<Database>, value: string): Promise<Site> {
  const uuid = UUID.test(value) ? value.toLowerCase() : await new SiteDirectory(db).siteForHost(value);
  const site = uuid ? await getSite(db, uuid) : null;
  if (site) return site;
  const sites = await db.selectFrom('sites').select(['uuid', 'name', 'domains']).orderBy('date_created').execute();
  const known = sites.map((s) => `  ${s.uuid}  ${s.name}  (${(JSON.parse(s.domains) as string[]).join(', ')})`);
  throw new Refusal(
    `No site has the uuid or domain "${value}". ${known.length ? `The sites:\n${known.join('\n')}` : 'There is no site yet (docs/server.md "Sites").'}`,
  );
}

/**
 * Runs a tool's `work`: a refusal (or an error of one of `expected`) is printed as one line
 * `vf <tool>: <message>`, anything else with its stack; the exit code is returned.
 */
export async function runTool(tool: string, work: () => Promise<void>, expected: (new (...args: never[]) => Error)[] = []): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof ConfigError || expected.some((type) => error instanceof type)) {
      console.error(`vf ${tool}: ${(error as Error).message}`);
      return error instanceof Refusal ? error.code : 1;
    }
    console.error(`vf ${tool}: failed:`, error);
    return 1;
  }
}

/**
 * Runs a tool on the server's database (`DATABASE_URL`, `VF_DATA_DIR`; the migrations first, so
 * it works before the server's first start): `options` reads the arguments, `work` does the job
 * (runTool prints a refusal).
 */
export async function runCommand<O>(
  tool: string, options: () => O, work: (db: Kysely<Database>, options: O) => Promise<void>, expected: (new (...args: never[]) => Error)[] = [],
): Promise<number> {
  let db = null as Kysely<Database> | null;
  try {
    return await runTool(tool, async () => {
      const read = options();
      const config = loadConfig();
      db = openDatabase(config.database);
      await migrateToLatest(db);
      await work(db, read);
    }, expected);
  } finally {
    await db?.destroy();
  }
}
