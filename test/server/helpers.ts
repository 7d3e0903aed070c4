/**
 * build(t): the app on a fresh database, seeded, closed after the test. SQLite in a temp data
 * folder by default; with VF_TEST_STORE=postgres and DATABASE_URL, a fresh PostgreSQL database
 * per test. Either way each test's database is a copy of a migrated template made once per test
 * file (removed after it), which is much quicker than migrating a new one per test.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, type TestContext } from 'node:test';
import pg from 'pg';
import type { AuthResult, Comment, Container, PageInput } from '../../core/api/types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_SITE, seed } from '../../server/demo/index.ts';
import { findOrCreatePage } from '../../server/pages/queries.ts';
import type { Database } from '../../server/storage/schema.ts';

export const SITE = DEMO_SITE.uuid;
export const usingPostgres = process.env['VF_TEST_STORE'] === 'postgres' && !!process.env['DATABASE_URL'];

/** Runs `work` with a client on DATABASE_URL's database (to create and drop test databases). */
async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env['DATABASE_URL']! });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pg's pool.end() resolves before its sockets have closed: wait for the database's backends to go
 * (or FORCE would kill them and the app's closing client would throw "terminating connection", and
 * a template with a backend cannot be copied).
 */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dropDatabase = (name: string) =>
  withAdmin(async (client) => {
    await untilUnused(client, name);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

function databaseUrl(name: string): string {
  const url = new URL(process.env['DATABASE_URL']!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Returns a new database's URL and registers its removal in `cleanups`: empty, or a copy of
 * `template` (CREATE DATABASE … TEMPLATE).
 */
export async function freshPostgres(cleanups: (() => Promise<void>)[], template?: string): Promise<string> {
  const name = `vf_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  cleanups.push(() => dropDatabase(name));
  return databaseUrl(name);
}

let template: Promise<string> | null = null;
// Registered as the file loads, so it runs after all of the file's tests (inside a test it would
// run after that test).
/** Databases of this file's finished tests, emptied, for its next tests (quicker than a new copy). */
const emptied: string[] = [];
if (usingPostgres) {
  after(async () => {
    for (const name of emptied.splice(0)) await dropDatabase(name);
    if (template) await dropDatabase(await template);
  });
}

/**
 * A database every migration has run on, made once per test file and dropped after its tests:
 * each test gets a copy, which is much quicker than migrating a new database for every test.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `vf_tpl_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
    const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(name) }) });
    await app.ready(); // runs the migrations
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    await withAdmin((client) => untilUnused(client, name));
    return name;
  })();
  return template;
}

let sqliteTemplate: Promise<string> | null = null;
if (!usingPostgres) after(async () => void (sqliteTemplate && rmSync(dirname(await sqliteTemplate), { recursive: true, force: true })));

/** The SQLite counterpart: a migrated database file, made once per test file, copied for each test. */
function migratedSqliteTemplate(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vf-tpl-'));
    const app = buildApp({ config: loadConfig({ VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
    await app.ready(); // runs the migrations
    await app.close(); // closing the last connection folds the WAL into the file
    return join(dataDir, 'vf.sqlite');
  })();
  return sqliteTemplate;
}

/**
 * A database as migrated and empty as the template: one a finished test left (emptied), else a
 * new copy. Copying a database costs about half a second on this machine; emptying one, a tenth.
 */
async function postgresForTest(cleanups: (() => Promise<void>)[]): Promise<string> {
  const name = emptied.pop() ?? (await withAdmin(async (client) => {
    const fresh = `vf_t_${randomBytes(6).toString('hex')}`;
    await client.query(`CREATE DATABASE ${fresh} TEMPLATE ${await migratedTemplate()}`);
    return fresh;
  }));
  const url = databaseUrl(name);
  cleanups.push(async () => {
    await withAdmin((client) => untilUnused(client, name));
    await emptyDatabase(url);
    emptied.push(name);
  });
  return url;
}

/**
 * Empties every table but the migrations' own and restarts the sequences: the state the template
 * has. DELETE, not TRUNCATE: on tables this small it is several times quicker (TRUNCATE makes new
 * files for every table and index); foreign keys are not checked meanwhile (replica role).
 */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely\\_%'",
    );
    const sequences = await client.query<{ name: string }>("SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'");
    await client.query([
      'SET session_replication_role = replica;',
      ...tables.rows.map((table) => `DELETE FROM ${table.name};`),
      ...sequences.rows.map((sequence) => `ALTER SEQUENCE ${sequence.name} RESTART;`),
      'SET session_replication_role = DEFAULT;',
    ].join(' '));
  } finally {
    await client.end();
  }
}

/**
 * `extraEnv` adds to the test's environment (e.g. SMTP_URL for a local SMTP server); `beforeReady`
 * may add to the app before it starts (a hook on every route).
 */
export async function build(t: TestContext, extraEnv: Record<string, string> = {}, beforeReady?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  // node:test runs after-hooks in the order they were added; cleanups must run last-in first-out
  // (close the app before dropping its database), so one hook runs them in reverse.
  const cleanups: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // Posting limits are off unless a test sets VF_POST_LIMIT: tests post many comments at once.
  // Password hashes at the lowest cost (docs/server.md VF_PASSWORD_COST): tests sign up many readers.
  const env: Record<string, string> = { VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VF_POST_LIMIT: '0', VF_PASSWORD_COST: '10', ...extraEnv };
  if (usingPostgres) env['DATABASE_URL'] = await postgresForTest(cleanups);
  else if (!env['DATABASE_URL']) copyFileSync(await migratedSqliteTemplate(), join(env['VF_DATA_DIR']!, 'vf.sqlite'));
  const app = buildApp({ config: loadConfig(env) });
  cleanups.push(() => app.close());
  beforeReady?.(app);
  await app.ready();
  await seed(app);
  return app;
}

/**
 * An app as `npm start` seeds it (main.ts: the demo pages' content in demo mode, its files under
 * the data folder, returned); `seedTimes` seeds run at once (two processes starting together).
 */
export async function buildWithDemoContent(t: TestContext, extraEnv: Record<string, string> = {}, seedTimes = 1): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await build(t, { VF_DATA_DIR: dataDir, ...extraEnv });
  await Promise.all(Array.from({ length: seedTimes }, () => seed(app, { demoContent: { dataDir } })));
  return { app, dataDir };
}

export function bearer(token: string | undefined): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

/** The `result` of a 200 response; fails the test with the body otherwise. */
export function resultOf<T>(response: LightMyRequestResponse, status = 200): T {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
}

let counter = 0;
export async function signup(app: FastifyInstance, name = `user${++counter}`): Promise<AuthResult & { password: string }> {
  const password = `pw-${name}-secret`;
  const email = `${name}@example.test`;
  resultOf(await app.inject({ method: 'POST', url: '/api/v2/users', payload: { name, email, password, section: SITE } }));
  const login = resultOf<AuthResult>(await app.inject({ method: 'POST', url: '/api/v2/users/login', payload: { email, password, section: SITE } }));
  return { ...login, password };
}

/** A new account whose privilege is then raised (moderators and admins are made by hand). */
export async function signupAs(app: FastifyInstance, privilege: 'mod' | 'admin'): Promise<AuthResult & { password: string }> {
  const account = await signup(app);
  await app.db.updateTable('users').set({ user_privilege: privilege }).where('uuid', '=', account.user.uuid).execute();
  return account;
}

export async function container(app: FastifyInstance, containerId = `page-${++counter}`): Promise<Container> {
  return resultOf<Container>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/contentcontainer/id`, query: { container_id: containerId } }));
}

export async function postComment(app: FastifyInstance, token: string, containerUuid: string, content: string, parent?: string): Promise<Comment> {
  const url = `/api/comments/${SITE}/${containerUuid}/comments${parent ? `/${parent}` : ''}`;
  return resultOf<Comment>(await app.inject({ method: 'POST', url, headers: bearer(token), payload: { content } }));
}

/**
 * A page of the site with its publisher's own metadata, as a read of the page stores it (confirmed,
 * so the rails show it). How a caller's page gets there: pages-trust.test.ts.
 */
export async function confirmedPage(app: FastifyInstance, page: Pick<Required<PageInput>, 'unique_id' | 'url' | 'title'> & PageInput): Promise<void> {
  const defaults: Required<PageInput> = { unique_id: null, url: '', title: '', description: '', image_url: null, image_alt: null, page_type: 'article', owners: [], topics: [], page_section: null, lang: null };
  await findOrCreatePage(app.db, SITE, { ...defaults, ...page }, 'server');
}

export async function countRows(app: FastifyInstance, table: keyof Database): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
