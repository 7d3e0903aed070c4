/**
 * The moderation queue's tests through the real server: held comments on a premoderated page
 * (posted by a reader), decisions another moderator takes (the demo admin, elsewhere), and a
 * realtime socket whose frames can be held back for a moment, as a slow connection would (the
 * 409 race: the other moderator's decision reaches the server before its live event reaches us).
 */
import type { Comment, Container } from '../../../core/api/types.ts';
import type { DecisionResult } from '../../../core/moderation/types.ts';
import { adminToken, getContainer, postComment, setContainerSettings, setSiteSettings, testConfig, unique, type Reader } from './api.ts';

let admin: Promise<string> | null = null;
/** One admin login per test page (the server limits logins per email). */
const asAdmin = () => (admin ??= adminToken());

/** A premoderated conversation: what readers post there waits for a moderator. */
export async function heldConversation(): Promise<Container> {
  const container = await getContainer(unique('mq'));
  await setContainerSettings(container.content_container_uuid, { is_premoderated: true });
  return container;
}

export function postHeld(reader: Reader, container: Container, text: string): Promise<Comment> {
  return postComment(reader, container.content_container_uuid, text);
}

/** The demo admin decides elsewhere (another moderator's screen). */
export async function decideElsewhere(decision: string, items: Array<{ uuid: string; state: string }>): Promise<DecisionResult> {
  const { apiBase, siteUuid } = testConfig();
  const res = await fetch(`${apiBase}/moderation/decisions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await asAdmin()}` },
    body: JSON.stringify({ section: siteUuid, decision, items }),
  });
  if (!res.ok) throw new Error(`decisions: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: DecisionResult }).result;
}

/**
 * A reader asks for a new name on a site whose new names wait for a moderator (the site setting is
 * on only for the call: other test files share the server).
 */
export async function askForName(reader: Reader, name: string): Promise<void> {
  const { apiBase, siteUuid } = testConfig();
  await setSiteSettings({ enable_username_premoderation: true });
  try {
    const res = await fetch(`${apiBase}/users/${reader.auth.user.uuid}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` },
      body: JSON.stringify({ name, verb: 'PATCH', section: siteUuid }),
    });
    if (!res.ok) throw new Error(`name: ${res.status} ${await res.text()}`);
  } finally {
    await setSiteSettings({ enable_username_premoderation: false });
  }
}

let paused = false;
const heldFrames: Array<() => void> = [];

/**
 * Puts a WebSocket in front of the page's (before core opens its socket) whose messages can be
 * held: `holdFrames()` keeps them, `releaseFrames()` delivers them in order.
 */
export function installHoldableSocket(): void {
  const Real = window.WebSocket;
  class Holdable extends Real {
    override set onmessage(handler: ((this: WebSocket, ev: MessageEvent) => unknown) | null) {
      super.onmessage = handler && ((event: MessageEvent) => (paused ? heldFrames.push(() => handler.call(this, event)) : handler.call(this, event)));
    }
    override get onmessage() {
      return super.onmessage;
    }
  }
  window.WebSocket = Holdable;
}

export function holdFrames(): void {
  paused = true;
}

export function releaseFrames(): void {
  paused = false;
  heldFrames.splice(0).forEach((deliver) => deliver());
}
