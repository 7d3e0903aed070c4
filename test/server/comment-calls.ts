/**
 * Calls on existing comments for the moderation, edit/remove, visibility and anonymous tests:
 * one request helper over the comments service, plus a moderator, a second site and a live
 * realtime client.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestContext } from 'node:test';
import type { Comment, CommentPage, Container } from '../../core/api/types.ts';
import type { StoredSiteSettings } from '../../core/settings/site.ts';
import { DEFAULT_SETTINGS, updateSiteSettings, upsertSite } from '../../server/engine/sites.ts';
import { bearer, resultOf, SITE } from './helpers.ts';
import { type Client, connect } from './realtime-client.ts';

export const OTHER_SITE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** `method` on `/api/comments/{SITE}/{container}/{path}` as `token` (a guest when undefined). */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', c: Container, path: string, token?: string, payload?: object): Promise<LightMyRequestResponse> {
  const url = `/api/comments/${SITE}/${c.content_container_uuid}/${path}`;
  return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** The comment as `token` sees it through GET comments/{uuid} (null when 404). */
export async function seen(app: FastifyInstance, c: Container, uuid: string, token?: string): Promise<Comment | null> {
  const response = await call(app, 'GET', c, `comments/${uuid}`, token);
  return response.statusCode === 404 ? null : resultOf<Comment>(response);
}

/** The top-level list as `token` sees it. */
export async function list(app: FastifyInstance, c: Container, token?: string, query: Record<string, string> = {}): Promise<CommentPage> {
  return resultOf<CommentPage>(await app.inject({ method: 'GET', url: `/api/comments/${SITE}/${c.content_container_uuid}/comments`, headers: bearer(token), query: { limit: '100', ...query } }));
}

export async function setSiteSettings(app: FastifyInstance, change: Partial<StoredSiteSettings>, site = SITE): Promise<void> {
  await updateSiteSettings(app.db, site, change);
}

export async function addOtherSite(app: FastifyInstance): Promise<void> {
  await upsertSite(app.db, { uuid: OTHER_SITE, name: 'other', domains: ['other.example'], settings: { ...DEFAULT_SETTINGS } });
}

/** The app listening on a free port, and a realtime client subscribed to container `c`. */
export async function liveClient(t: TestContext, app: FastifyInstance, c: Container): Promise<Client> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = await connect(t, `${address.replace('http', 'ws')}/ws?site_uuid=${SITE}`);
  await client.subscribe('c', c.content_container_uuid);
  return client;
}

/** The error body of a refused call, with its status. */
export function refusal(response: LightMyRequestResponse): { status: number; message: string } {
  return { status: response.statusCode, message: (response.json() as { message: string }).message };
}
