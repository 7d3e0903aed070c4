/**
 * The words and layout of a reader's mail (docs/notifications.md "Email"): in the language of the
 * page the item is on (server/mail/messages/<lang>.json), as HTML and plain text, with the site's
 * name and accent colour, the item's text always escaped (a comment is never markup in a mail), a
 * deep link to the item, and a footer with the preferences and the one-click unsubscribe.
 */
import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language, directionOf, localeOf, normalizeLanguage } from '../../core/i18n/languages.ts';
import type { MailCategory } from '../../core/mail/types.ts';
import { escapeHtml } from './accountMails.ts';

/**
 * vf's default accent (the elements' `--vf-color-accent`): sites keep no colour of their own yet,
 * so every site's mail uses it.
 */
export const MAIL_ACCENT = '#0b5cad';

export type MessageKey =
  | 'subject_reply' | 'subject_pick' | 'subject_approved' | 'subject_page_follow' | 'subject_liveblog_follow'
  | 'intro_reply' | 'intro_pick' | 'intro_approved' | 'intro_page_follow' | 'intro_liveblog_follow'
  | 'open' | 'why' | 'unsubscribe' | 'preferences'
  | `category_${MailCategory}`
  // digests (digestText.ts); `category_digest` names what a digest's unsubscribe stops
  | 'digest_subject_hourly' | 'digest_subject_daily' | 'digest_intro' | 'digest_why' | 'category_digest'
  | `digest_item_${MailReason}`
  | 'page_title' | 'page_ask' | 'page_button' | 'page_done' | 'page_invalid';

// From the repository's root, two folders up both here and from the built dist/server/*.js (scripts/build-server.mjs).
const catalogues = new Map<Language, Record<string, string>>(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`../../server/mail/messages/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>]),
);

/** The message in `lang` (English when missing), its `{name}` places filled (plain text: escape for HTML after). */
export function message(lang: Language, key: MessageKey, values: Record<string, string> = {}): string {
  const template = catalogues.get(lang)?.[key] ?? catalogues.get('en-us')![key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A page's `lang` as a mail language (en-us when unknown). */
export const mailLanguage = (pageLang: string | null | undefined): Language => normalizeLanguage(pageLang);

/**
 * The mail's reason: which intro and subject it gets. A held item rejected has none: its statement
 * of reasons is mailed to its author (docs/law.md), whatever their preferences, with the reason.
 */
export type MailReason = 'reply' | 'pick' | 'approved' | 'page_follow' | 'liveblog_follow';

export interface ReaderMailDraft {
  lang: Language;
  reason: MailReason;
  site: string;
  page: string;
  actor: string;
  /** The item's words, as stored (escaped here). */
  excerpt: string;
  link: string;
  preferences: string;
  unsubscribe: string;
}

export function readerMailText(draft: ReaderMailDraft): { subject: string; text: string; html: string } {
  const { lang, reason } = draft;
  const values = { site: draft.site, page: draft.page, actor: draft.actor };
  const subject = message(lang, `subject_${reason}`, values);
  const intro = message(lang, `intro_${reason}`, values);
  const footer = message(lang, 'why', values);
  const text = [
    intro,
    draft.excerpt,
    `${message(lang, 'open')}: ${draft.link}`,
    '--',
    footer,
    `${message(lang, 'preferences')}: ${draft.preferences}`,
    `${message(lang, 'unsubscribe')}: ${draft.unsubscribe}`,
  ].join('\n\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${e(localeOf(lang))}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;color:#1a1a1a;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;padding-bottom:8px;border-bottom:3px solid ${MAIL_ACCENT};font-weight:bold">${e(draft.site)}</p>
<p>${e(intro)}</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid ${MAIL_ACCENT};white-space:pre-wrap">${e(draft.excerpt)}</blockquote>
<p><a href="${e(draft.link)}" style="display:inline-block;padding:8px 16px;background:${MAIL_ACCENT};color:#ffffff;text-decoration:none;border-radius:4px">${e(message(lang, 'open'))}</a></p>
<hr style="border:0;border-top:1px solid #d0d0d0">
<p style="font-size:13px;color:#555555">${e(footer)}<br><a href="${e(draft.preferences)}" style="color:${MAIL_ACCENT}">${e(message(lang, 'preferences'))}</a> · <a href="${e(draft.unsubscribe)}" style="color:${MAIL_ACCENT}">${e(message(lang, 'unsubscribe'))}</a></p>
</div></body></html>`;
  return { subject, text, html };
}
