/**
 * Statements of reasons (DSA Art. 17, docs/law.md): one for every decision that restricts a reader,
 * written in the decision's own transaction by every path that takes one (the queue, a page's own
 * moderation menu, a ban, automatic moderation, a notice judged illegal, a name or picture
 * rejected). Once committed, the reader is told: a `moderation_decision` notification (its
 * target the statement) and, where their email is verified, a mail saying what was decided about
 * which item, why, and how to appeal.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { appealDeadline, DEFAULT_ILLEGAL_KINDS, DEFAULT_TERMS_RULES, type GroundType, type LegalSettings, type Restriction } from '../../core/legal/types.ts';
import { AUTOMATIC_MODERATOR_UUID, type HoldRule } from '../../core/moderation/types.ts';
import { badRequest } from '../errors.ts';
import { getSite } from '../engine/sites.ts';
import { deliver, insertNotifications } from '../notifications/index.ts';
import type { Database, NotificationsTable, StatementsOfReasonsTable } from '../storage/schema.ts';
import { statementMail } from './legalMails.ts';
import { groundOf, legalSettings } from './settings.ts';
import { loadStatements } from './statementView.ts';

/** A decision's statement before it is written: the ground's label, the clock and the state are the writer's. */
export interface StatementDraft {
  site_uuid: string;
  /** The reader restricted (the item's author, the profile's owner); a guest's item is written with none. */
  user_uuid: string | null;
  content_uuid: string | null;
  notice_uuid?: string | null;
  decision_uuid?: string | null;
  restriction: Restriction;
  ground_type: GroundType;
  ground: string;
  explanation?: string | null;
  facts: string;
  /** Decided by automatic moderation under this rule (null: by a moderator). */
  automated_rule?: HoldRule | null;
  /** null: automatic. */
  moderator_uuid: string | null;
}

/** The rule of the terms a decision cites when the moderator names none (docs/law.md "API"). */
export const DEFAULT_TERMS_RULE = { reject: 'other_terms', spam: 'spam', ban: 'other_terms', profile: 'other_terms' } as const;

/**
 * The automatic rules whose holds and rejections are decisions about the reader's words, and so
 * get a statement. Premoderation (the site's, a user's, a newcomer's first items) holds every
 * item whatever it says, and a scorer that did not answer judged nothing: no statement for those.
 */
export const STATEMENT_HOLD_RULES: ReadonlySet<HoldRule> = new Set(['banned_word', 'suspect_word', 'link', 'spam_score', 'toxicity_score', 'reports']);

/** The rule of the terms an automatic hold cites (docs/law.md "API"). */
export function termsRuleOfHold(rule: HoldRule): string {
  if (rule === 'spam_score' || rule === 'link') return 'spam';
  if (rule === 'banned_word' || rule === 'suspect_word' || rule === 'toxicity_score') return 'hateful';
  return 'other_terms';
}

/** A ground's label: the site's list, else the defaults, else its id (a ground removed from the list keeps a name). */
export function groundLabel(settings: LegalSettings, type: GroundType, id: string): string {
  const [list, defaults] = type === 'illegal' ? [settings.illegal_kinds, DEFAULT_ILLEGAL_KINDS] : [settings.terms_rules, DEFAULT_TERMS_RULES];
  return (groundOf(list, id) ?? groundOf(defaults, id))?.label ?? id;
}

/** A rule the caller named must be one of the site's terms (400 naming `field` otherwise). */
export function termsRuleOr400(settings: LegalSettings, id: string, field = 'terms_rule'): string {
  if (!groundOf(settings.terms_rules, id)) throw badRequest(`${id} is not a rule of this site's terms`, field);
  return id;
}

/**
 * Writes the statements in the caller's transaction and returns them (tell them once it has
 * committed). A guest's item is written without a reader; a moderator's decision about their
 * own item restricts no one else and is not written.
 */
export async function writeStatements(trx: Kysely<Database>, drafts: StatementDraft[], now = Date.now()): Promise<StatementsOfReasonsTable[]> {
  const wanted = drafts.filter((draft) => !(draft.moderator_uuid && draft.moderator_uuid === draft.user_uuid));
  if (wanted.length === 0) return [];
  const userUuids = [...new Set(wanted.flatMap((draft) => (draft.user_uuid ? [draft.user_uuid] : [])))];
  const users = userUuids.length ? await trx.selectFrom('users').select(['uuid', 'user_privilege']).where('uuid', 'in', userUuids).execute() : [];
  const readers = new Set(users.filter((user) => user.user_privilege !== 'guest').map((user) => user.uuid));
  const settings = new Map<string, LegalSettings>();
  for (const site of new Set(wanted.map((draft) => draft.site_uuid))) settings.set(site, await legalSettings(trx, site));
  const rows: StatementsOfReasonsTable[] = wanted.map((draft) => ({
    uuid: randomUUID(),
    site_uuid: draft.site_uuid,
    user_uuid: draft.user_uuid && readers.has(draft.user_uuid) ? draft.user_uuid : null,
    content_uuid: draft.content_uuid,
    notice_uuid: draft.notice_uuid ?? null,
    decision_uuid: draft.decision_uuid ?? null,
    restriction: draft.restriction,
    ground_type: draft.ground_type,
    ground: draft.ground,
    ground_label: groundLabel(settings.get(draft.site_uuid)!, draft.ground_type, draft.ground),
    explanation: draft.explanation?.trim() || null,
    facts: draft.facts,
    automated: draft.automated_rule ? 1 : 0,
    automated_rule: draft.automated_rule ?? null,
    moderator_uuid: draft.moderator_uuid,
    state: 'in_force',
    appeal_until: appealDeadline(now),
    date_created: now,
  }));
  await trx.insertInto('statements_of_reasons').values(rows).execute();
  return rows;
}

/** The restrictions of an item that its approval (shown again) lifts. */
const LIFTED_BY_APPROVAL = ['hold', 'rejection', 'spam', 'removal'];

/**
 * Marks statements no longer in force: those of items a moderator approved (`approvedContent`),
 * those written for decisions that were undone (`undoneDecisions`), the bans of a reader whose
 * bans were lifted (`bansLiftedOf`).
 */
export async function reverseStatements(
  trx: Kysely<Database>, { approvedContent = [], undoneDecisions = [], bansLiftedOf }: { approvedContent?: string[]; undoneDecisions?: string[]; bansLiftedOf?: string },
): Promise<void> {
  if (bansLiftedOf) {
    await trx.updateTable('statements_of_reasons').set({ state: 'reversed' }).where('user_uuid', '=', bansLiftedOf).where('restriction', '=', 'ban').where('state', '=', 'in_force').execute();
  }
  if (approvedContent.length) {
    await trx.updateTable('statements_of_reasons').set({ state: 'reversed' })
      .where('content_uuid', 'in', approvedContent).where('restriction', 'in', LIFTED_BY_APPROVAL).where('state', '=', 'in_force').execute();
  }
  if (undoneDecisions.length) {
    await trx.updateTable('statements_of_reasons').set({ state: 'reversed' }).where('decision_uuid', 'in', undoneDecisions).where('state', '=', 'in_force').execute();
  }
}

/**
 * Tells each statement's reader, once it is committed: a notification (delivered live and by
 * push) and a mail where their email is verified. A failure is logged, never the decision's.
 */
export async function tellStatements(app: FastifyInstance, rows: StatementsOfReasonsTable[]): Promise<void> {
  const told = rows.filter((row) => row.user_uuid);
  if (told.length === 0) return;
  try {
    const notifications: NotificationsTable[] = told.map((row) => ({
      uuid: randomUUID(), site_uuid: row.site_uuid, user_uuid: row.user_uuid!, type: 'moderation_decision', grouping_key: `statement:${row.uuid}`,
      actor_uuid: row.moderator_uuid ?? AUTOMATIC_MODERATOR_UUID, content_uuid: null, container_uuid: null, target_uuid: row.uuid, status: 'new', date_created: Date.now(),
    }));
    await insertNotifications(app.db, notifications);
    deliver(app, notifications);
    await mailStatements(app, told);
  } catch (error) {
    app.log.error({ err: error }, 'statements of reasons: the reader was not told');
  }
}

/** Mails each reader whose email is verified (docs/law.md: the statement in full, and how to appeal). */
async function mailStatements(app: FastifyInstance, rows: StatementsOfReasonsTable[]): Promise<void> {
  const readers = await app.db.selectFrom('users').select(['uuid', 'name', 'email', 'email_verification_status', 'erased_at'])
    .where('uuid', 'in', [...new Set(rows.map((row) => row.user_uuid!))]).execute();
  const mailable = new Map(readers.filter((u) => u.email_verification_status === 'approved' && u.email.includes('@') && u.erased_at == null).map((u) => [u.uuid, u]));
  const mailed = rows.filter((row) => mailable.has(row.user_uuid!));
  if (mailed.length === 0) return;
  const statements = await loadStatements(app.db, mailed.map((row) => row.uuid));
  // One decision's statements are of one site: read each site once, not once per reader.
  const sites = new Map(await Promise.all([...new Set(mailed.map((row) => row.site_uuid))].map(async (uuid) => [uuid, await getSite(app.db, uuid)] as const)));
  for (const row of mailed) {
    const site = sites.get(row.site_uuid);
    const statement = statements.get(row.uuid);
    const reader = mailable.get(row.user_uuid!)!;
    if (site && statement) app.mail.queue(statementMail(site, { name: reader.name, email: reader.email }, statement));
  }
}
