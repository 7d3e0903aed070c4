/**
 * What staff do through the real API in conversation tests: picking comments and changing
 * container settings (the demo moderator), site settings (the demo admin).
 */
import { adminToken, testConfig } from './api.ts';
import { commentCall } from './commentCalls.ts';
import { moderatorToken } from './login.ts';

// One login per test page for each account: the server limits logins per email.
let moderator: Promise<string> | null = null;
let admin: Promise<string> | null = null;
const asModerator = () => (moderator ??= moderatorToken());
const asAdmin = () => (admin ??= adminToken());

/** Marks a comment as an editor's pick. */
export async function pickComment(containerUuid: string, contentUuid: string): Promise<void> {
  await commentCall(await asModerator(), 'POST', `${containerUuid}/comments/${contentUuid}/pick`, {});
}

/** Changes a container's settings (is_closed, is_hidden, is_premoderated). */
export async function setContainerSettings(containerUuid: string, settings: Record<string, boolean>): Promise<void> {
  await commentCall(await asModerator(), 'POST', `${containerUuid}/settings`, settings);
}

/** Changes site settings (PATCH semantics). */
export async function setSiteSettings(change: Record<string, unknown>): Promise<void> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await asAdmin()}` },
    body: JSON.stringify({ ...change, verb: 'PATCH', section: siteUuid }),
  });
  if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
}
