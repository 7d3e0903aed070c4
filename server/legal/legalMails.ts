/**
 * The legal mails (docs/law.md): a notice's receipt and its outcome to the reporter, and a
 * statement of reasons to the reader it restricts. Plain English, like the account mails: the
 * server does not localise mail. No mail names the reporter to the reader, nor the reader's
 * email to anyone.
 */
import { APPEAL_MONTHS, type LegalItem, type Statement } from '../../core/legal/types.ts';
import type { Site } from '../engine/sites.ts';
import { escapeHtml, type Mail } from '../mail/index.ts';
import { deepLink } from '../moderation/index.ts';
import { itemNoun } from './items.ts';

/** A day as a mail writes it: "29 May 2027" (UTC). */
export const mailDate = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/** Paragraphs as text and as HTML; a paragraph that is an address is a link in HTML. */
function mail(to: string, subject: string, paragraphs: string[]): Mail {
  const html = paragraphs.map((p) => (/^https?:\/\/\S+$/.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p)}</p>`));
  return { to, subject, text: paragraphs.join('\n\n'), html: html.join('\n') };
}

/** "your comment on “Page”: “the words…”" (or the profile's name). */
function described(item: LegalItem, owner: 'your' | 'the'): string {
  if (item.kind === 'profile') return item.excerpt ? `${owner} profile name or picture (name: “${item.excerpt}”)` : `${owner} profile`;
  const where = item.page_title ? ` on “${item.page_title}”` : '';
  const words = item.excerpt ? `: “${item.excerpt}”` : '';
  return `${owner} ${itemNoun(item.kind)}${where}${words}`;
}

/** Where the item shows in place, when the page is known. */
const placeOf = (item: LegalItem) => (item.page_url && item.content_uuid ? deepLink(item.page_url, item.content_uuid) : item.page_url);

const WHAT_WAS_DONE: Record<Statement['restriction'], string> = {
  removal: 'was removed',
  rejection: 'was rejected and is no longer shown',
  spam: 'was marked as spam and is no longer shown',
  hold: 'is held for review by a moderator and is not shown meanwhile',
  ban: 'was restricted: your account is banned',
  profile_name: 'was rejected: your name is not shown',
  profile_picture: 'was rejected: your picture is not shown',
};

export function statementMail(site: Site, reader: { name: string; email: string }, statement: Statement): Mail {
  const { item } = statement;
  const subject = statement.restriction === 'ban' ? `Your account on ${site.name} was restricted` : `A moderation decision about your ${item.kind === 'profile' ? 'profile' : itemNoun(item.kind)} on ${site.name}`;
  const what = statement.restriction === 'ban'
    ? `Hello ${reader.name}, your account on ${site.name} was restricted.`
    : `Hello ${reader.name}, ${described(item, 'your')} ${WHAT_WAS_DONE[statement.restriction]}.`;
  const ground = statement.ground_type === 'illegal'
    ? `Why: we consider it illegal content (${statement.ground_label}).`
    : `Why: it is against our rules (${statement.ground_label}).`;
  const place = placeOf(item);
  return mail(reader.email, subject, [
    what,
    ...(place ? [place] : []),
    ground,
    ...(statement.explanation ? [`The moderator's explanation: ${statement.explanation}`] : []),
    `What happened: ${statement.facts}`,
    statement.automated ? 'This decision was taken by automatic means.' : 'This decision was taken by a moderator.',
    `You can appeal until ${mailDate(statement.appeal_until)} (${APPEAL_MONTHS} months): open the notification about this decision in your notifications on ${site.name}, or the item's menu, and choose to appeal. A moderator other than the one who decided will look at it.`,
    `You may also take the matter to an out-of-court dispute settlement body or to a court.`,
  ]);
}

export interface NoticeForMail {
  reference: string;
  reporter_email: string;
  kind_label: string;
  date_created: number;
}

export function noticeReceiptMail(site: Site, notice: NoticeForMail, item: LegalItem): Mail {
  const place = placeOf(item);
  return mail(notice.reporter_email, `Your notice of illegal content on ${site.name} (${notice.reference})`, [
    `Thank you: ${site.name} received your notice on ${mailDate(notice.date_created)}. Its reference is ${notice.reference}.`,
    `You reported ${described(item, 'the')} as ${notice.kind_label}.`,
    ...(place ? [place] : []),
    'What happens next: a moderator will look at the item and decide whether it is illegal. We will email you the decision. Keep the reference: you need it, with this email address, to appeal the decision.',
  ]);
}

export function noticeOutcomeMail(site: Site, notice: NoticeForMail, item: LegalItem, outcome: { illegal: boolean; groundLabel: string | null; removedUnderTerms: string | null; explanation: string | null; appealUntil: number }): Mail {
  const decided = outcome.illegal
    ? `A moderator found ${described(item, 'the')} illegal (${outcome.groundLabel ?? notice.kind_label}) and removed it.`
    : outcome.removedUnderTerms
      ? `A moderator found ${described(item, 'the')} not illegal, but against the site's rules (${outcome.removedUnderTerms}), and removed it.`
      : `A moderator found ${described(item, 'the')} not illegal: it stays.`;
  return mail(notice.reporter_email, `Decision on your notice ${notice.reference} on ${site.name}`, [
    `Your notice ${notice.reference} of ${mailDate(notice.date_created)} was decided.`,
    decided,
    ...(outcome.explanation ? [`The moderator's explanation: ${outcome.explanation}`] : []),
    ...(outcome.illegal ? [] : [
      `If you disagree, you can appeal until ${mailDate(outcome.appealUntil)} (${APPEAL_MONTHS} months): quote your reference ${notice.reference} and this email address in ${site.name}'s appeal form. A moderator other than the one who decided will look at it.`,
    ]),
  ]);
}
