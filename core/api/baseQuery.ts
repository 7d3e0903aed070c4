/**
 * The one base query every endpoint goes through (spec §7 "General client behaviour"):
 * session + section on every call, bearer token, PATCH as POST + verb, `result` unwrapped,
 * tokens stored from responses, one shared refresh + one retry on 401/403, errors normalised.
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { getConfig } from '../config.ts';
import {
  clearTokens, readAccessToken, readRefreshToken, readSession, writeSession, writeTokens,
  thirdPartyEnabled,
} from '../session/storage.ts';
import { loggedOut, userUpdated, type SessionState } from '../session/slice.ts';
import { errorFromResponse, networkError, type ApiError } from './errors.ts';
import type { User } from './types.ts';
import { getContainerSignature } from './signatures.ts';

export type Service = 'api' | 'comments' | 'liveblog' | 'chat' | 'notifications' | 'polls' | 'analytics';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface VfRequest {
  /** Path relative to the service base, without a leading slash. */
  url: string;
  service?: Service;
  method?: Method;
  body?: Record<string, unknown>;
  /** Multipart form data instead of a JSON body (profile update with an avatar file). */
  form?: FormData;
  /** Send `session` and `section` in the query string, not as form fields (an upload that takes one part only). */
  commonInQuery?: boolean;
  params?: Record<string, QueryValue>;
  /** The container (uuid) this call is about: its signature, once known, goes in X-Request-Signature. */
  containerUuid?: string;
  /** Login, signup and refresh: a 401 is an answer, not an expired session. */
  skipAuthRefresh?: boolean;
  /** Headers a call needs beyond the common ones (trendingrecommended's X-Unique-Id). */
  headers?: Record<string, string>;
}

/** The part of RTK's BaseQueryApi we use; tests pass a small fake. */
export interface BaseQueryContext {
  getState(): unknown;
  dispatch(action: unknown): unknown;
  signal?: AbortSignal;
  /** The store's extra argument: a store made with its own `fetch` (the server's first paint, core/store) calls through it. */
  extra?: unknown;
}

interface Outcome {
  status: number; // 0: network failure
  body: unknown;
  text: string;
}

export const vfBaseQuery: BaseQueryFn<VfRequest, unknown, ApiError> = (args, api) => runQuery(args, api);

export async function runQuery(args: VfRequest, api: BaseQueryContext): Promise<{ data: unknown } | { error: ApiError }> {
  let outcome = await send(args, api);
  if (isAuthFailure(outcome.status) && !args.skipAuthRefresh && !isAuthCall(args.url)) {
    const refreshed = await refreshSession(api);
    if (refreshed) outcome = await send(args, api);
  }
  if (outcome.status === 0) return { error: networkError(outcome.body) };
  if (outcome.status < 200 || outcome.status >= 300) return { error: errorFromResponse(outcome.status, outcome.text) };
  const data = isObject(outcome.body) && 'result' in outcome.body ? outcome.body.result : outcome.body;
  rememberCredentials(data);
  return { data };
}

async function send(args: VfRequest, api: BaseQueryContext, bearer = readAccessToken()): Promise<Outcome> {
  const { url, init } = buildRequest(args, api.getState(), bearer);
  if (api.signal) init.signal = api.signal;
  try {
    const own = (api.extra as { fetch?: typeof fetch } | undefined)?.fetch;
    const response = await (own ?? fetch)(url, init);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body, text };
  } catch (cause) {
    return { status: 0, body: cause, text: '' };
  }
}

/** Pure: the URL and fetch options for a request, given the store state and bearer token. */
export function buildRequest(args: VfRequest, state: unknown, bearer: string | null): { url: string; init: RequestInit } {
  const config = getConfig();
  const bases: Record<Service, string> = { api: config.apiBase, comments: config.commentsBase, liveblog: config.liveblogBase, chat: config.chatBase, notifications: config.notificationsBase, polls: config.pollsBase, analytics: config.analyticsBase };
  const base = bases[args.service ?? 'api'];
  const method = args.method ?? 'GET';
  const common: Record<string, string> = { session: readSession() };
  const section = sectionFor(state);
  if (section) common.section = section;

  const headers: Record<string, string> = { Accept: 'application/json', ...args.headers };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const signature = getContainerSignature(args.containerUuid);
  if (signature) headers['X-Request-Signature'] = signature;

  const query = new URLSearchParams();
  // A DELETE that names what it removes (chat's `DELETE …/settings/edit`) sends it as a JSON body.
  const inQuery = method === 'GET' || (method === 'DELETE' && !args.body);
  const commonInQuery = inQuery || (!!args.form && !!args.commonInQuery);
  const params: Record<string, QueryValue> = {
    ...args.params,
    ...(inQuery ? (args.body as Record<string, QueryValue>) : {}),
    ...(commonInQuery ? common : {}),
  };
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  const init: RequestInit = { method: method === 'PATCH' ? 'POST' : method, headers, credentials: 'include' };
  if (!inQuery && args.form) {
    // The browser sets the multipart Content-Type with its boundary.
    if (!commonInQuery) for (const [key, value] of Object.entries(common)) args.form.set(key, value);
    if (method === 'PATCH') args.form.set('verb', 'PATCH');
    init.body = args.form;
  } else if (!inQuery) {
    const body: Record<string, unknown> = { ...args.body, ...common };
    if (method === 'PATCH') body.verb = 'PATCH'; // spec §7: patch travels as POST with a verb field
    init.body = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  return { url: `${base}/${args.url.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`, init };
}

/** The site uuid, except on user pages (`/users/<digits>`), which are not about one site. */
function sectionFor(state: unknown): string | null {
  const path = (globalThis as { location?: { pathname?: string } }).location?.pathname ?? '';
  if (/\/users\/\d+/.test(path)) return null;
  const session = isObject(state) ? (state.session as SessionState | undefined) : undefined;
  return session?.sectionUuid ?? null;
}

function rememberCredentials(data: unknown): void {
  if (!isObject(data)) return;
  if (typeof data.session === 'string') writeSession(data.session);
  writeTokens(data);
}

// ---- session refresh: one at a time, shared by every request that hit a 401 ----

let refreshing: Promise<boolean> | null = null;

/** Resolves true when new tokens were obtained. A 401/403 from the refresh signs the user out. */
export function refreshSession(api: BaseQueryContext): Promise<boolean> {
  refreshing ??= doRefresh(api).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function doRefresh(api: BaseQueryContext): Promise<boolean> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) {
    // Nothing to refresh with: a user the store still thinks is logged in is signed out.
    const session = isObject(api.getState()) ? (api.getState() as { session?: SessionState }).session : undefined;
    if (session?.user) signOut(api);
    return false;
  }
  const outcome = await send(
    { url: 'users/refreshusertoken', params: { thirdparty_enabled: thirdPartyEnabled() }, skipAuthRefresh: true },
    api,
    refreshToken,
  );
  if (outcome.status >= 200 && outcome.status < 300) {
    const result = isObject(outcome.body) && 'result' in outcome.body ? outcome.body.result : outcome.body;
    rememberCredentials(result);
    // The refresh answers with the current user record (name, pictures, ban may have changed).
    if (isObject(result) && isObject(result.user)) api.dispatch(userUpdated(result.user as unknown as User));
    return true;
  }
  if (isAuthFailure(outcome.status)) signOut(api);
  return false;
}

function signOut(api: BaseQueryContext): void {
  clearTokens();
  api.dispatch(loggedOut());
}

function isAuthFailure(status: number): boolean {
  return status === 401 || status === 403;
}

/** Login, signup and refresh never trigger a refresh themselves. */
function isAuthCall(url: string): boolean {
  const path = url.replace(/^\/+/, '').split('?')[0];
  return path === 'users/login' || path === 'users' || path === 'users/refreshusertoken';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
