/**
 * The words and layout of a reader's mail (docs/notifications.md "Email"): in the language of the
 * page the item is on (server/mail/messages/<lang>.json), as HTML and plain text, with the site's
 * name and accent colour, the item's text always escaped (a comment is never markup in a mail), a
 * deep link to the item, and a footer with the preferences and the one-click unsubscribe.
 */
import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language, directionOf, localeOf, normalizeLanguage } from '../../core/i18n/languages.ts';
import { EMAIL_PREFERENCES_HASH, type MailCategory } from '../../core/mail/types.ts';
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
  | 'page_title' | 'page_ask' | 'page_button' | 'page_done' | 'page_invalid' | 'page_not_one_click';

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

/** What frames every reader's mail: the site's name above, the intro, and the footer (why, preferences, unsubscribe). */
export interface MailFrame {
  lang: Language;
  subject: string;
  site: string;
  intro: string;
  /** Why the reader gets it. */
  footer: string;
  preferences: string;
  unsubscribe: string;
}

/** A reader's mail: `text` (paragraphs) and `html` (escaped already) between the frame's intro and footer. */
export function framedMail(frame: MailFrame, text: string[], html: string): { subject: string; text: string; html: string } {
  const { lang, subject } = frame;
  const e = escapeHtml;
  const link = (href: string, words: string) => `<a href="${e(href)}" style="color:${MAIL_ACCENT}">${e(words)}</a>`;
  return {
    subject,
    text: [
      frame.intro,
      ...text,
      '--',
      frame.footer,
      `${message(lang, 'preferences')}: ${frame.preferences}`,
      `${message(lang, 'unsubscribe')}: ${frame.unsubscribe}`,
    ].join('\n\n'),
    html: `<!doctype html>
<html lang="${e(localeOf(lang))}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;color:#1a1a1a;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;padding-bottom:8px;border-bottom:3px solid ${MAIL_ACCENT};font-weight:bold">${e(frame.site)}</p>
<p>${e(frame.intro)}</p>
${html}
<hr style="border:0;border-top:1px solid #d0d0d0">
<p style="font-size:13px;color:#555555">${e(frame.footer)}<br>${link(frame.preferences, message(lang, 'preferences'))} · ${link(frame.unsubscribe, message(lang, 'unsubscribe'))}</p>
</div></body></html>`,
  };
}

/** An item's quote in a blockquote with the accent's rule (`margin` as CSS). */
export const quoteHtml = (excerpt: string, margin: string) =>
  `<blockquote style="margin:${margin};padding:8px 12px;border-left:3px solid ${MAIL_ACCENT};white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>`;

export function readerMailText(draft: ReaderMailDraft): { subject: string; text: string; html: string } {
  const { lang, reason } = draft;
  const values = { site: draft.site, page: draft.page, actor: draft.actor };
  const open = message(lang, 'open');
  return framedMail(
    {
      lang, subject: message(lang, `subject_${reason}`, values), site: draft.site, intro: message(lang, `intro_${reason}`, values),
      footer: message(lang, 'why', values), preferences: draft.preferences, unsubscribe: draft.unsubscribe,
    },
    [draft.excerpt, `${open}: ${draft.link}`],
    `${quoteHtml(draft.excerpt, '0 0 16px')}
<p><a href="${escapeHtml(draft.link)}" style="display:inline-block;padding:8px 16px;background:${MAIL_ACCENT};color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(open)}</a></p>`,
  );
}

/** A page's address without its fragment. */
const pageAddress = (url: string) => url.split('#')[0]!;
/** The item's place on its page (the tray's links: `url#vf-<uuid>`). */
export const deepLink = (pageUrl: string, item: string) => `${pageAddress(pageUrl)}#vf-${item}`;
/** The page with its tray open on the email preferences. */
export const preferencesLink = (pageUrl: string) => `${pageAddress(pageUrl)}${EMAIL_PREFERENCES_HASH}`;
/** `text` cut to at most `length` characters, an ellipsis marking the cut. */
export const clipped = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);
