/**
 * Backplane on the page (docs/login.md "Backplane", spec platform.md §4): once the Backplane
 * client has a channel (looked for every 100 ms, for at most a minute), vf subscribes to it. An `identity/login`
 * message is handed to vf's server by channel and id (`users/backplane`; a v1.2 message without
 * a messageURL by its id, `users/backplane_v1_2`), which reads it from the site's bus. Only one
 * Backplane login runs at a time: a message arriving meanwhile is dropped. Whether a message
 * may log in at all is the login event's permission check (`user.login`: not when signed in
 * already, nor when the site turns widget logins off). `identity/logout` signs the reader out.
 */
import { can } from '../permissions/index.ts';
import type { IdentityContext } from './start.ts';
import { readyPollDelay } from './waits.ts';

interface BackplaneClient {
  getChannelID(): string | null | undefined;
  subscribe(fn: (message: BackplaneMessage) => void): unknown;
  unsubscribe?(id: unknown): void;
}

export interface BackplaneMessage {
  type?: string;
  messageURL?: string;
  /** v1.2 frames carry their id. */
  id?: string;
  channel?: string;
}

/** The message's id: the last part of its messageURL (v2), else its own id (v1.2). */
function idOf(message: BackplaneMessage): { type: 'backplane' | 'backplane_v1_2'; id: string } | null {
  const fromUrl = message.messageURL?.split('/').pop();
  if (fromUrl) return { type: 'backplane', id: decodeURIComponent(fromUrl) };
  return message.id ? { type: 'backplane_v1_2', id: message.id } : null;
}

export function startAdapter(context: IdentityContext): () => void {
  const backplane = context.window['Backplane'] as BackplaneClient;
  let stopped = false;
  let handle: unknown = null;
  let subscription: unknown = null;
  let running = false;
  let attempt = 0;

  const mayLogIn = () => {
    const { user, settings } = context.session();
    return !!settings && can('user', 'login', { user, settings }).allowed;
  };

  const onMessage = (message: BackplaneMessage) => {
    if (stopped) return;
    if (message.type === 'identity/logout') {
      context.logout().catch(() => undefined);
      return;
    }
    if (message.type !== 'identity/login' || running || !mayLogIn()) return;
    const named = idOf(message);
    const channel = message.channel ?? backplane.getChannelID();
    if (!named || !channel) return;
    running = true;
    const fields: Record<string, string> = named.type === 'backplane' ? { messageChannel: channel, messageid: named.id } : { backplane_id: named.id };
    context
      .login({ type: named.type, fields })
      .catch(() => undefined) // published as a login failure
      .finally(() => {
        running = false;
      });
  };

  const ready = () => {
    if (stopped) return;
    if (!backplane.getChannelID()) {
      const delay = readyPollDelay(attempt++);
      handle = delay === null ? null : context.timers.setTimeout(ready, delay);
      return;
    }
    subscription = backplane.subscribe(onMessage);
  };
  ready();

  return () => {
    stopped = true;
    context.timers.clearTimeout(handle);
    if (subscription !== null) backplane.unsubscribe?.(subscription);
  };
}
