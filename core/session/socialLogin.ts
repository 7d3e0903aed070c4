/**
 * The social login popup (spec §4 "Social login flow", §5, §9; docs/login.md "Social login"):
 * a 450×500 popup centred on the window opens the server's `/thirdparty/{type}`, which sends the
 * reader to the provider and ends on a page that posts `{ type: 'vf-social-login', flow, token }`
 * back. Only a token-shaped message from the API's or the page's origin, for this flow, is
 * taken; the token is then exchanged for a session. Every way out closes the popup.
 */
import { realTimers, type Timers } from '../loader/timers.ts';
import { invalidSocialTypeMessage, isSocialLoginType } from '../settings/site.ts';

export const POPUP_WIDTH = 450;
export const POPUP_HEIGHT = 500;
export const CLOSED_CHECK_MS = 500;
/** Spec §4. */
export const ANOTHER_FLOW = 'Another social login flow was triggered.';
export const POPUP_CLOSED = 'The social login window was closed.';
export const POPUP_BLOCKED = 'The social login window could not be opened.';
export const MESSAGE_TYPE = 'vf-social-login';
export const FLOW_KEY = 'vf.social_flow';

/** One-time tokens are base64url, 43 characters for 32 bytes; allow some room. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export interface PopupHandle {
  readonly closed: boolean;
  close(): void;
}

export interface SocialLoginEnv {
  open(url: string, features: string): PopupHandle | null;
  timers: Timers;
  listen(handler: (event: { origin: string; data: unknown; source: unknown }) => void): () => void;
  apiBase: string;
  pageUrl: string;
  siteUuid: string;
  /** The opener window's position and size, to centre the popup. */
  frame: { x: number; y: number; width: number; height: number };
  /** A new random flow id, remembered for the page (sessionStorage). */
  newFlowId(): string;
}

let cancelPending: ((reason: Error) => void) | null = null;

/** Opens the popup and resolves with the one-time token it delivers (exchange it afterwards). */
export function socialLoginToken(type: unknown, env: SocialLoginEnv): Promise<string> {
  if (!isSocialLoginType(type)) return Promise.reject(new Error(invalidSocialTypeMessage(type)));
  cancelPending?.(new Error(ANOTHER_FLOW));
  return new Promise<string>((resolve, reject) => {
    const flow = env.newFlowId();
    const query = new URLSearchParams({ callback: env.pageUrl, site: env.siteUuid, client: flow });
    const left = Math.round(env.frame.x + (env.frame.width - POPUP_WIDTH) / 2);
    const top = Math.round(env.frame.y + (env.frame.height - POPUP_HEIGHT) / 2);
    const popup = env.open(`${env.apiBase}/thirdparty/${type}?${query}`, `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
    if (!popup) return reject(new Error(POPUP_BLOCKED));
    const allowed = new Set([new URL(env.apiBase).origin, new URL(env.pageUrl).origin]);
    let timer: unknown;
    const finish = (outcome: () => void) => {
      env.timers.clearTimeout(timer);
      stopListening();
      if (cancelPending === cancel) cancelPending = null;
      if (!popup.closed) popup.close();
      outcome();
    };
    const cancel = (reason: Error) => finish(() => reject(reason));
    const stopListening = env.listen(({ origin, data }) => {
      if (!allowed.has(origin) || typeof data !== 'object' || data === null) return;
      const message = data as { type?: unknown; flow?: unknown; token?: unknown; error?: unknown };
      if (message.type !== MESSAGE_TYPE || message.flow !== flow) return;
      if (typeof message.token === 'string' && TOKEN_SHAPE.test(message.token)) finish(() => resolve(message.token as string));
      else if (typeof message.error === 'string') cancel(new Error(message.error.slice(0, 300)));
    });
    // Closed at one check and still no token at the next: cancelled. (The popup posts its token
    // and closes itself at once; the message can reach this page after `closed` turns true.)
    let closedSeen = false;
    const check = () => {
      if (popup.closed && closedSeen) return cancel(new Error(POPUP_CLOSED));
      closedSeen = popup.closed;
      timer = env.timers.setTimeout(check, CLOSED_CHECK_MS);
    };
    timer = env.timers.setTimeout(check, CLOSED_CHECK_MS);
    cancelPending = cancel;
  });
}

/** The browser's environment for the popup. */
export function browserSocialEnv(apiBase: string, siteUuid: string): SocialLoginEnv {
  return {
    open: (url, features) => window.open(url, 'vf-social-login', features),
    timers: realTimers,
    listen(handler) {
      const onMessage = (event: MessageEvent) => handler({ origin: event.origin, data: event.data, source: event.source });
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    },
    apiBase,
    pageUrl: location.href,
    siteUuid,
    frame: { x: window.screenX, y: window.screenY, width: window.outerWidth, height: window.outerHeight },
    newFlowId() {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
      try {
        sessionStorage.setItem(FLOW_KEY, id);
      } catch {
        // Storage refused: the flow still works within this page.
      }
      return id;
    },
  };
}
