/**
 * The page the social login popup ends on (identity/thirdpartyRoutes.ts): it posts its message to the
 * opener, to the page's origin only, and closes. A strict CSP allows only its own script (by
 * nonce); the data is JSON with every character that could end the script escaped.
 */
import { randomToken } from '../auth/index.ts';

export type PopupMessage = { type: 'vf-social-login'; flow: string } & ({ token: string } | { error: string });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON safe inside <script>: no `<`, `>`, `&` or line separators left as themselves. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function popupPage(text: string, message?: PopupMessage, targetOrigin?: string): { html: string; csp: string } {
  const nonce = randomToken(16);
  const script =
    message && targetOrigin
      ? `<script nonce="${nonce}">(function(){var d=${scriptJson({ message, targetOrigin })};` +
        `if(window.opener)window.opener.postMessage(d.message,d.targetOrigin);window.close();})();</script>`
      : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>vf</title></head><body><p>${escapeHtml(text)}</p>${script}</body></html>`;
  return { html, csp: `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'` };
}
