/**
 * One-click unsubscribe on `/api/v2` (RFC 8058; docs/notifications.md "Email"), no login: the
 * signed token (unsubscribe.ts) is the proof.
 * - `GET /mail/unsubscribe?token=`: a small page asking to confirm, with a plain form (no script:
 *   it passes the page's own strict Content-Security-Policy) and a link to the preferences;
 * - `POST /mail/unsubscribe?token=` with `List-Unsubscribe=One-Click` (what a mail client sends, or
 *   the form): switches that category off for that reader (a digest's token: their frequency off,
 *   preferences.ts) and answers 200.
 * A forged or altered token is a 400 and changes nothing.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { directionOf, type Language, localeOf, normalizeLanguage } from '../../core/i18n/languages.ts';
import { EMAIL_PREFERENCES_HASH } from '../../core/mail/types.ts';
import { escapeHtml } from './accountMails.ts';
import { getSite } from '../engine/sites.ts';
import { sends, strictObject } from '../routes/schemas.ts';
import { switchOff } from './preferences.ts';
import { MAIL_ACCENT, message } from './readerMailText.ts';
import { readUnsubscribeToken } from './unsubscribe.ts';

/** No script, no frames, forms back here only. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

interface UnsubscribeQuery {
  token: string;
  lang?: string;
}

const query = strictObject({ token: { type: 'string', minLength: 3, maxLength: 400, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' }, lang: { type: 'string', maxLength: 20 } }, ['token']);
const page = sends('A small HTML page: the question, the outcome, or why the link is refused', 'text/html');
const responses = { 200: page, 400: page } as const;

function html(lang: Language, title: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${e(localeOf(lang))}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a"><main>
<h1 style="font-size:1.4rem;border-bottom:3px solid ${MAIL_ACCENT};padding-bottom:.5rem">${e(title)}</h1>
${body}
</main></body></html>`;
}

export default async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // A mail client's one-click POST is a form (RFC 8058 §3.1): kept as text, read below.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
  }

  const send = (reply: FastifyReply, status: number, lang: Language, title: string, body: string) =>
    reply.code(status).header('content-security-policy', CSP).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8').send(html(lang, title, body));

  /** The token's claims and the site, or the refusal page. */
  async function read(request: { query: UnsubscribeQuery }) {
    const lang = normalizeLanguage(request.query.lang);
    const claims = readUnsubscribeToken(app.readerMails.key, request.query.token);
    const site = claims ? await getSite(app.db, claims.site) : null;
    return { lang, claims: site ? claims : null, site };
  }

  const refused = (reply: FastifyReply, lang: Language) =>
    send(reply, 400, lang, message(lang, 'page_title'), `<p>${escapeHtml(message(lang, 'page_invalid'))}</p>`);

  const preferencesLink = (lang: Language, domain: string | undefined) =>
    domain ? `<p><a href="${escapeHtml(`https://${domain}/${EMAIL_PREFERENCES_HASH}`)}" style="color:${MAIL_ACCENT}">${escapeHtml(message(lang, 'preferences'))}</a></p>` : '';

  app.get<{ Querystring: UnsubscribeQuery }>('/mail/unsubscribe', { schema: { querystring: query, response: responses } }, async (request, reply) => {
    const { lang, claims, site } = await read(request);
    if (!claims || !site) return refused(reply, lang);
    const values = { site: site.name, category: message(lang, `category_${claims.category}`) };
    const action = `?token=${encodeURIComponent(request.query.token)}&lang=${lang}`;
    return send(reply, 200, lang, message(lang, 'page_title'), [
      `<p>${escapeHtml(message(lang, 'page_ask', values))}</p>`,
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">`,
      `<button type="submit" style="padding:.5rem 1rem;background:${MAIL_ACCENT};color:#fff;border:0;border-radius:4px;font:inherit">${escapeHtml(message(lang, 'page_button'))}</button></form>`,
      preferencesLink(lang, site.domains[0]),
    ].join('\n'));
  });

  app.post<{ Querystring: UnsubscribeQuery; Body: string }>(
    '/mail/unsubscribe',
    { schema: { querystring: query, body: { type: 'string', maxLength: 4096 }, response: responses } },
    async (request, reply) => {
      const { lang, claims, site } = await read(request);
      if (!claims || !site) return refused(reply, lang);
      if (!/List-Unsubscribe[\s\S]*One-Click/.test(String(request.body ?? ''))) {
        return send(reply, 400, lang, message(lang, 'page_title'), `<p>${escapeHtml(message(lang, 'page_not_one_click'))}</p>`);
      }
      if (!(await switchOff(app.db, claims))) return refused(reply, lang);
      request.log.info({ user: claims.user, category: claims.category }, 'unsubscribed by one click');
      const values = { site: site.name, category: message(lang, `category_${claims.category}`) };
      return send(reply, 200, lang, message(lang, 'page_title'), `<p>${escapeHtml(message(lang, 'page_done', values))}</p>\n${preferencesLink(lang, site.domains[0])}`);
    },
  );
}
