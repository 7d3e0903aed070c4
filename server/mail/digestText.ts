/**
 * The words and layout of a reader's digest (docs/notifications.md "Email"): the items grouped by
 * conversation (the page's title, linked), each with who did it, an excerpt and a deep link; in
 * the reader's language (server/mail/messages/<lang>.json), as HTML and plain text, with the
 * site's name and accent colour, readers' text always escaped, and the footer of every reader's
 * mail (preferences, one-click unsubscribe).
 */
import { directionOf, type Language, localeOf } from '../../core/i18n/languages.ts';
import { escapeHtml } from './accountMails.ts';
import { MAIL_ACCENT, type MailReason, message } from './readerMailText.ts';

export type DigestFrequency = 'hourly' | 'daily';

export interface DigestEntry {
  reason: MailReason;
  actor: string;
  excerpt: string;
  link: string;
}

export interface DigestConversation {
  title: string;
  url: string;
  entries: DigestEntry[];
}

export interface DigestDraft {
  lang: Language;
  frequency: DigestFrequency;
  site: string;
  conversations: DigestConversation[];
  preferences: string;
  unsubscribe: string;
}

export function digestText(draft: DigestDraft): { subject: string; text: string; html: string } {
  const { lang } = draft;
  const site = { site: draft.site };
  const subject = message(lang, `digest_subject_${draft.frequency}`, site);
  const intro = message(lang, 'digest_intro', site);
  const footer = message(lang, 'digest_why', site);
  const line = (entry: DigestEntry) => message(lang, `digest_item_${entry.reason}`, { actor: entry.actor });
  const text = [
    intro,
    ...draft.conversations.map((c) => [
      `## ${c.title}`,
      c.url,
      ...c.entries.map((entry) => `* ${line(entry)}:\n${entry.excerpt.replace(/^/gm, '  ')}\n  ${message(lang, 'open')}: ${entry.link}`),
    ].join('\n\n')),
    '--',
    footer,
    `${message(lang, 'preferences')}: ${draft.preferences}`,
    `${message(lang, 'unsubscribe')}: ${draft.unsubscribe}`,
  ].join('\n\n');
  const e = escapeHtml;
  const link = `color:${MAIL_ACCENT}`;
  const sections = draft.conversations.map((c) => `<h2 style="font-size:18px;margin:24px 0 8px"><a href="${e(c.url)}" style="${link}">${e(c.title)}</a></h2>
${c.entries.map((entry) => `<p style="margin:12px 0 4px">${e(line(entry))}</p>
<blockquote style="margin:0 0 4px;padding:8px 12px;border-left:3px solid ${MAIL_ACCENT};white-space:pre-wrap">${e(entry.excerpt)}</blockquote>
<p style="margin:0 0 12px"><a href="${e(entry.link)}" style="${link}">${e(message(lang, 'open'))}</a></p>`).join('\n')}`).join('\n');
  const html = `<!doctype html>
<html lang="${e(localeOf(lang))}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;color:#1a1a1a;background:#ffffff">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 16px;padding-bottom:8px;border-bottom:3px solid ${MAIL_ACCENT};font-weight:bold">${e(draft.site)}</p>
<p>${e(intro)}</p>
${sections}
<hr style="border:0;border-top:1px solid #d0d0d0">
<p style="font-size:13px;color:#555555">${e(footer)}<br><a href="${e(draft.preferences)}" style="${link}">${e(message(lang, 'preferences'))}</a> · <a href="${e(draft.unsubscribe)}" style="${link}">${e(message(lang, 'unsubscribe'))}</a></p>
</div></body></html>`;
  return { subject, text, html };
}
