/**
 * The legal tabs' tests through the real server (docs/law.md "API"): notices sent by guests or
 * readers, the demo admin's decisions taken elsewhere, statements of reasons a queue decision
 * wrote, and the appeals their readers send. Also an answer to stand in for the server's where a
 * state cannot be reached on a shared server (an empty queue).
 */
import type { AppealItem, LegalSettings, Statement } from '../../../core/legal/types.ts';
import { adminToken, testConfig, type Reader } from './api.ts';

let admin: Promise<string> | null = null;
/** One admin login per test page (the server limits logins per email). */
const asAdmin = () => (admin ??= adminToken());

async function call<T>(path: string, init: { method?: string; token?: string | null; body?: Record<string, unknown>; query?: Record<string, string> } = {}): Promise<T> {
  const { apiBase, siteUuid } = testConfig();
  const method = init.method ?? 'GET';
  const query = new URLSearchParams(method === 'GET' ? { section: siteUuid, ...init.query } : init.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const res = await fetch(`${apiBase}/${path}${query.size ? `?${query}` : ''}`, {
    method, headers, ...(method === 'GET' ? {} : { body: JSON.stringify({ section: siteUuid, ...init.body }) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (JSON.parse(text) as { result: T }).result;
}

/**
 * A notice about an item: by a guest (name and email given) or by a signed-in reader (theirs
 * are used). Notices are limited per address (5 in 10 minutes): tests send few.
 */
export function sendNotice(contentUuid: string, kind: string, explanation: string, by: { reader: Reader } | { name: string; email: string }): Promise<{ uuid: string; reference: string }> {
  const who = 'reader' in by ? {} : { reporter_name: by.name, reporter_email: by.email };
  return call('legal/notices', {
    method: 'POST', token: 'reader' in by ? by.reader.token : null,
    body: { target: { type: 'content', uuid: contentUuid }, kind, explanation, good_faith: true, ...who },
  });
}

/** The demo admin marks a reader as a trusted flagger (the user drawer's switch). */
export async function markTrustedFlagger(userUuid: string): Promise<void> {
  await call(`moderation/users/${userUuid}`, { method: 'POST', token: await asAdmin(), body: { verb: 'PATCH', trusted_flagger: true } });
}

/** The demo admin decides a notice elsewhere (another moderator's screen). */
export async function decideNoticeElsewhere(uuid: string, body: { decision: 'illegal' | 'not_illegal'; ground?: string }): Promise<void> {
  await call(`moderation/notices/${uuid}/decision`, { method: 'POST', token: await asAdmin(), body });
}

/** The demo admin decides an appeal elsewhere. */
export async function decideAppealElsewhere(uuid: string, decision: 'uphold' | 'reverse'): Promise<AppealItem> {
  return call(`moderation/appeals/${uuid}/decision`, { method: 'POST', token: await asAdmin(), body: { decision } });
}

/** A queue decision (reject, spam…) taken with `token` (the demo admin's unless given). */
export async function decideAs(decision: string, items: Array<{ uuid: string; state: string }>, token?: string): Promise<void> {
  await call('moderation/decisions', { method: 'POST', token: token ?? (await asAdmin()), body: { decision, items } });
}

/** The reader's statement of reasons about an item (the newest), once the server wrote it. */
export async function statementAbout(reader: Reader, contentUuid: string): Promise<Statement | null> {
  const { items } = await call<{ items: Statement[] }>('legal/statements/mine', { token: reader.token });
  return items.find((s) => s.item.content_uuid === contentUuid) ?? null;
}

/** The reader appeals a statement of reasons. */
export function appealStatement(reader: Reader, statementUuid: string, text: string): Promise<{ uuid: string }> {
  return call('legal/appeals', { method: 'POST', token: reader.token, body: { statement_uuid: statementUuid, text } });
}

export function legalSettings(): Promise<LegalSettings> {
  return call('legal/settings');
}

/** Puts the site's legal settings back as they were (the demo admin). */
export async function restoreLegalSettings(settings: LegalSettings): Promise<void> {
  await call('legal/settings', { method: 'PUT', token: await asAdmin(), body: { ...settings } });
}

/** Answers the page's requests to `pattern` with `{ result }` instead of the server, until `restore()`. */
export function answerWith(pattern: RegExp, result: unknown) {
  const real = window.fetch;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!pattern.test(url) || (init?.method ?? 'GET') !== 'GET') return real(input, init);
    return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { restore: () => void (window.fetch = real) };
}
