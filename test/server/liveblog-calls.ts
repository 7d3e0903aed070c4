/**
 * Calls on the live-blog service for its tests: a live blog, a post by an editor, a reply, and
 * one request helper over `/api/liveblog/{SITE}/{container}/…`.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Comment, Container, LiveblogPage } from '../../core/api/types.ts';
import { bearer, resultOf, SITE } from './helpers.ts';

let counter = 0;

/** A new live blog (POST /{s}), as a guest would create it by opening the page. */
export async function liveblog(app: FastifyInstance, containerId = `liveblog-${++counter}`): Promise<Container> {
  return resultOf<Container>(await app.inject({ method: 'POST', url: `/api/liveblog/${SITE}`, payload: { container_id: containerId } }));
}

/** `method` on `/api/liveblog/{SITE}/{container}/{path}` as `token` (a guest when undefined). */
export function lb(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', c: Container, path: string, token?: string, payload?: object): Promise<LightMyRequestResponse> {
  const url = `/api/liveblog/${SITE}/${c.content_container_uuid}${path ? `/${path}` : ''}`;
  return app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

export async function publish(app: FastifyInstance, token: string, c: Container, content: string): Promise<Comment> {
  return resultOf<Comment>(await lb(app, 'POST', c, 'posts', token, { content }));
}

export async function replyTo(app: FastifyInstance, token: string, c: Container, uuid: string, content: string): Promise<Comment> {
  return resultOf<Comment>(await lb(app, 'POST', c, `replies/${uuid}`, token, { content }));
}

export async function posts(app: FastifyInstance, c: Container, token?: string, query = ''): Promise<LiveblogPage> {
  return resultOf<LiveblogPage>(await lb(app, 'GET', c, `posts${query}`, token));
}
