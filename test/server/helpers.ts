/**
 * build(t): the app on a fresh database, seeded, closed after the test. SQLite in a temp data
 * folder by default; with VF_TEST_STORE=postgres and DATABASE_URL, a fresh PostgreSQL database
 * per test (created from DATABASE_URL, dropped after).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import pg from 'pg';
import type { AuthResult, Comment, Container } from '../../core/api/types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_SITE, seed } from '../../server/seed.ts';
import type { Database } from '../../server/storage/schema.ts';

export const SITE = DEMO_SITE.uuid;
export const usingPostgres = process.env['VF_TEST_STORE'] === 'postgres' && !!process.env['DATABASE_URL'];

/** Returns the new database's URL and registers its removal in `cleanups`. */
export async function freshPostgres(cleanups: (() => Promise<void>)[]): Promise<string> {
  const adminUrl = process.env['DATABASE_URL']!;
  const name = `vf_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // pg's pool.end() resolves before its sockets have closed; wait for the backends to go,
    // or FORCE would kill them and the app's closing client would throw "terminating connection".
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `extraEnv` adds to the test's environment (e.g. SMTP_URL for a local SMTP server). */
export async function build(t: TestContext, extraEnv: Record<string, string> = {}): Promise<FastifyInstance> {
  // node:test runs after-hooks in the order they were added; cleanups must run last-in first-out
  // (close the app before dropping its database), so one hook runs them in reverse.
  const cleanups: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'vf-test-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // Posting limits are off unless a test sets VF_POST_LIMIT: tests post many comments at once.
  const env: Record<string, string> = { VF_DATA_DIR: dataDir, LOG_LEVEL: 'silent', VF_POST_LIMIT: '0', ...extraEnv };
  if (usingPostgres) env['DATABASE_URL'] = await freshPostgres(cleanups);
  const app = buildApp({ config: loadConfig(env) });
  cleanups.push(() => app.close());
  await app.ready();
  await seed(app);
  return app;
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

export async function countRows(app: FastifyInstance, table: keyof Database): Promise<number> {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
