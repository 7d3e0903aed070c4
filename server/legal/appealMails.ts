/**
 * Telling an appellant their appeal was decided (DSA Art. 20(4)): a notification in the tray
 * (`appeal_decided`, target the appeal) when they have an account, and a mail — to the author's
 * address when it is verified, or to the address the reporter gave with their notice. When an
 * author's appeal reinstates an item a notice had it removed for, the notice's reporter is mailed
 * too: what they were told of the notice no longer holds. Plain English, as every server mail
 * (docs/mail.md); the tray shows it in the reader's language.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppealItem } from '../../core/legal/types.ts';
import { escapeHtml, type Mail } from '../mail/index.ts';
import { deliver, insertNotifications } from '../notifications/index.ts';
import type { Site } from '../engine/sites.ts';
import type { AppealsTable, NotificationsTable } from '../storage/schema.ts';

/** What was decided about, in a few words: the item's excerpt, or the restriction. */
function appealedThing(appeal: AppealItem): string {
  const item = appeal.statement?.item ?? appeal.notice?.item;
  if (item?.excerpt) return `"${item.excerpt.length > 120 ? `${item.excerpt.slice(0, 119)}…` : item.excerpt}"`;
  return appeal.statement?.restriction === 'ban' ? 'your ban' : 'the item';
}

/** What a reversal did, as the appellant reads it. */
function reversalOutcome(appeal: AppealItem): string {
  if (appeal.appellant_role === 'reporter') return 'The item was removed as illegal content.';
  switch (appeal.statement?.restriction) {
    case 'ban':
      return 'Your ban is lifted.';
    case 'profile_name':
    case 'profile_picture':
      return 'The decision is withdrawn; you may set your name or picture again.';
    default:
      return 'Your item is shown again.';
  }
}

export function appealDecidedMail(site: Site, to: string, appeal: AppealItem): Mail {
  const reversed = appeal.state === 'reversed';
  const paragraphs = [
    `Hello, you appealed a moderation decision on ${site.name} about ${appealedThing(appeal)}.`,
    reversed
      ? `Another look at it led us to reverse the decision. ${reversalOutcome(appeal)}`
      : 'Another look at it led us to uphold the decision.',
    ...(appeal.explanation ? [`The moderator's explanation: ${appeal.explanation}`] : []),
    ...(appeal.single_moderator ? ['This site has a single moderator: the person who took the first decision also decided your appeal.'] : []),
    ...(reversed ? [] : ['If you disagree, you may turn to a certified out-of-court dispute settlement body (Article 21 of the Digital Services Act) or to the courts.']),
  ];
  return {
    to,
    subject: `Your appeal on ${site.name} was ${reversed ? 'accepted' : 'not accepted'}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

/** The address to mail: the author's own when verified (and not erased), else the notice's reporter's. */
async function appellantAddress(app: FastifyInstance, row: AppealsTable): Promise<string | null> {
  if (row.appellant_role === 'reporter' && row.notice_uuid) {
    const notice = await app.db.selectFrom('legal_notices').select('reporter_email').where('uuid', '=', row.notice_uuid).executeTakeFirst();
    return notice?.reporter_email || null;
  }
  if (!row.appellant_uuid) return null;
  const user = await app.db.selectFrom('users').select(['email', 'email_verification_status', 'erased_at']).where('uuid', '=', row.appellant_uuid).executeTakeFirst();
  return user && user.email_verification_status === 'approved' && user.erased_at == null && user.email ? user.email : null;
}

/** Notifies and mails the appellant; a failure is logged, never the moderator's (the decision is stored). */
export async function tellAppellant(app: FastifyInstance, site: Site, row: AppealsTable, appeal: AppealItem, moderator: string): Promise<void> {
  try {
    if (row.appellant_uuid) {
      const notification: NotificationsTable = {
        uuid: randomUUID(), site_uuid: site.uuid, user_uuid: row.appellant_uuid, type: 'appeal_decided', grouping_key: `appeal:${row.uuid}`,
        actor_uuid: moderator, content_uuid: null, container_uuid: null, target_uuid: row.uuid, status: 'new', date_created: Date.now(),
      };
      await insertNotifications(app.db, [notification]);
      deliver(app, [notification]);
    }
    const to = await appellantAddress(app, row);
    if (to) app.mail.queue(appealDecidedMail(site, to, appeal));
  } catch (error) {
    app.log.error({ err: error }, 'the appellant was not told of the decision');
  }
}

export function reinstatedMail(site: Site, notice: { reference: string; reporter_name: string | null; reporter_email: string }, appeal: AppealItem): Mail {
  const paragraphs = [
    `Hello${notice.reporter_name ? ` ${notice.reporter_name}` : ''}, you sent a notice of illegal content (reference ${notice.reference}) on ${site.name} about ${appealedThing(appeal)}.`,
    'It was removed. Its author appealed, and another look at it led us to reverse that decision: it is shown again.',
    ...(appeal.explanation ? [`The moderator's explanation: ${appeal.explanation}`] : []),
    'If you disagree, you may turn to a certified out-of-court dispute settlement body (Article 21 of the Digital Services Act) or to the courts.',
  ];
  return {
    to: notice.reporter_email,
    subject: `Your notice ${notice.reference} on ${site.name}: the item is shown again`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
  };
}

/** After an author's appeal reversed a removal that a notice asked for: mails the notice's reporter. */
export async function tellReporterOfReversal(app: FastifyInstance, site: Site, row: AppealsTable, appeal: AppealItem): Promise<void> {
  if (appeal.state !== 'reversed' || !row.statement_uuid) return;
  try {
    const notice = await app.db.selectFrom('statements_of_reasons').innerJoin('legal_notices', 'legal_notices.uuid', 'statements_of_reasons.notice_uuid')
      .select(['legal_notices.reference', 'legal_notices.reporter_name', 'legal_notices.reporter_email']).where('statements_of_reasons.uuid', '=', row.statement_uuid).executeTakeFirst();
    if (notice?.reporter_email) app.mail.queue(reinstatedMail(site, { ...notice, reporter_email: notice.reporter_email }, appeal));
  } catch (error) {
    app.log.error({ err: error }, 'the reporter was not told of the reversal');
  }
}
