/**
 * Talks to the real vf server the way another reader would: sign up, log in, post, like.
 * The server's address comes from `window.vfConfig` (written by web-test-runner.config.mjs).
 */
import type { AuthResult, Comment, Container } from '../../../core/api/types.ts';

export interface TestConfig {
  origin: string;
  apiBase: string;
  commentsBase: string;
  realtimeUrl: string;
  siteUuid: string;
}

export function testConfig(): TestConfig {
  return (window as unknown as { vfConfig: TestConfig }).vfConfig;
}

let counter = 0;
/** A name unique within this run (container ids, emails). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

export interface Reader {
  name: string;
  email: string;
  password: string;
  token: string;
  auth: AuthResult;
}

/** Signs a new reader up and logs them in. */
export async function newReader(name = 'Ada Reader'): Promise<Reader> {
  const { apiBase, siteUuid } = testConfig();
  const email = `${unique('reader')}@example.com`;
  const password = 'correct horse battery';
  await call(`${apiBase}/users`, { method: 'POST', body: JSON.stringify({ name, email, password, section: siteUuid }) });
  const auth = await call<AuthResult>(`${apiBase}/users/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password, section: siteUuid }),
  });
  return { name, email, password, token: auth.access_token, auth };
}

export async function getContainer(containerId: string): Promise<Container> {
  const { commentsBase, siteUuid } = testConfig();
  const q = new URLSearchParams({ container_id: containerId, section: siteUuid });
  return call<Container>(`${commentsBase}/${siteUuid}/contentcontainer/id?${q}`);
}

export async function postComment(reader: Reader, containerUuid: string, content: string, parentUuid?: string): Promise<Comment> {
  const { commentsBase, siteUuid } = testConfig();
  const url = `${commentsBase}/${siteUuid}/${containerUuid}/comments${parentUuid ? `/${parentUuid}` : ''}`;
  return call<Comment>(url, { method: 'POST', token: reader.token, body: JSON.stringify({ content, section: siteUuid }) });
}

/** Posts `n` comments in order ("<prefix> 1" … "<prefix> n"); returns the container. */
export async function seedConversation(reader: Reader, containerId: string, n: number, prefix = 'Seeded comment'): Promise<Container> {
  const container = await getContainer(containerId);
  for (let i = 1; i <= n; i++) await postComment(reader, container.content_container_uuid, `${prefix} ${i}`);
  return container;
}

/** A token for the seeded demo admin (settings and ban calls in tests). */
export async function adminToken(): Promise<string> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@vf.local', password: 'admin-demo-1', section: siteUuid }),
  });
  return ((await res.json()) as { result: { access_token: string } }).result.access_token;
}

/** Changes the site's settings as its admin (PATCH /settings); restore them after the file. */
export async function setSiteSettings(change: Record<string, unknown>): Promise<void> {
  const { apiBase, siteUuid } = testConfig();
  await call(`${apiBase}/settings`, {
    method: 'POST',
    token: await adminToken(),
    body: JSON.stringify({ ...change, verb: 'PATCH', section: siteUuid }),
  });
}

/**
 * Changes the site's automatic moderation (PATCH semantics; docs/settings.md) and answers the
 * settings as they were, so a test that must see every comment shown can put them back after.
 */
export async function setAutoModeration(change: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { apiBase, siteUuid } = testConfig();
  const token = await adminToken();
  const before = await call<Record<string, unknown>>(`${apiBase}/moderation/settings?section=${siteUuid}`, { token });
  await call(`${apiBase}/moderation/settings`, { method: 'PATCH', token, body: JSON.stringify({ ...change, section: siteUuid }) });
  return before;
}

/** Posts as a guest under `anonymousName` (sites with enable_anonymous_comments). */
export async function postAnonymously(containerUuid: string, content: string, anonymousName: string): Promise<Comment> {
  const { commentsBase, siteUuid } = testConfig();
  const url = `${commentsBase}/${siteUuid}/${containerUuid}/comments`;
  return call<Comment>(url, { method: 'POST', body: JSON.stringify({ content, anonymous_name: anonymousName, section: siteUuid }) });
}

/** Changes a conversation's settings as the demo admin (POST …/settings: is_closed, is_hidden, …). */
export async function setContainerSettings(containerUuid: string, change: Record<string, boolean>): Promise<Container> {
  const { commentsBase, siteUuid } = testConfig();
  return call<Container>(`${commentsBase}/${siteUuid}/${containerUuid}/settings`, {
    method: 'POST',
    token: await adminToken(),
    body: JSON.stringify(change),
  });
}
