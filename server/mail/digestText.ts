/**
 * The words and layout of a reader's digest (docs/notifications.md "Email"): the items grouped by
 * conversation (the page's title, linked), each with who did it, an excerpt and a deep link; in
 * the reader's language (server/mail/messages/<lang>.json), as HTML and plain text, with the
 * site's name and accent colour, readers' text always escaped, and the footer of every reader's
 * mail (preferences, one-click unsubscribe).
 */
import type { Language } from '../../core/i18n/languages.ts';
import { escapeHtml } from './accountMails.ts';
import { framedMail, MAIL_ACCENT, type MailReason, message, quoteHtml } from './readerMailText.ts';

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
  const open = message(lang, 'open');
  const line = (entry: DigestEntry) => message(lang, `digest_item_${entry.reason}`, { actor: entry.actor });
  const e = escapeHtml;
  const link = `color:${MAIL_ACCENT}`;
  return framedMail(
    {
      lang, subject: message(lang, `digest_subject_${draft.frequency}`, site), site: draft.site, intro: message(lang, 'digest_intro', site),
      footer: message(lang, 'digest_why', site), preferences: draft.preferences, unsubscribe: draft.unsubscribe,
    },
    draft.conversations.map((c) => [
      `## ${c.title}`,
      c.url,
      ...c.entries.map((entry) => `* ${line(entry)}:\n${entry.excerpt.replace(/^/gm, '  ')}\n  ${open}: ${entry.link}`),
    ].join('\n\n')),
    draft.conversations.map((c) => `<h2 style="font-size:18px;margin:24px 0 8px"><a href="${e(c.url)}" style="${link}">${e(c.title)}</a></h2>
${c.entries.map((entry) => `<p style="margin:12px 0 4px">${e(line(entry))}</p>
${quoteHtml(entry.excerpt, '0 0 4px')}
<p style="margin:0 0 12px"><a href="${e(entry.link)}" style="${link}">${e(open)}</a></p>`).join('\n')}`).join('\n'),
  );
}
