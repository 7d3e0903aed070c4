/**
 * Appeals (DSA Art. 20, docs/law.md "Appeals"): who may appeal which decision, until when, and
 * the rule on who decides one. An author appeals a statement of reasons about them; the reporter
 * of a notice judged not illegal appeals that, by its reference and their email. Both within
 * six months of the decision (appealDeadline), one open appeal at a time per decision. The
 * moderator who took the decision appealed may not decide the appeal while the site has another
 * moderator or admin; on a site with one, they may, and the appeal says so (`single_moderator`).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type AppealDecision, appealDeadline, MAX_APPEAL_TEXT } from '../../core/legal/types.ts';
import { normalisePlain } from '../content/normalise.ts';
import { badRequest, forbidden, HttpError, notFound } from '../errors.ts';
import type { UserRow } from '../engine/users.ts';
import type { AppealsTable, Database } from '../storage/schema.ts';
import { type Reversal, reverseAppealed } from './reversal.ts';

export const APPEAL_TOO_LATE = 'The time to appeal this decision has passed';
export const APPEAL_ALREADY_OPEN = 'An appeal of this decision is already open';
export const ANOTHER_MODERATOR = 'Another moderator must decide this appeal';

/** An author's appeal of a statement about them, or a reporter's of their notice's "not illegal". */
export type AppealRequest =
  | { role: 'author'; site: string; user: UserRow; statement: string; text: string }
  | { role: 'reporter'; site: string; user: UserRow | null; reference: string; email: string; text: string };

/** What an appeal is of: the decision's time, who took it, and the row it is about. */
interface Appealed {
  decidedAt: number;
  decidedBy: string | null;
  statement: string | null;
  notice: string | null;
  appellant: string | null;
}

async function appealedStatement(db: Kysely<Database>, site: string, user: UserRow, uuid: string): Promise<Appealed> {
  const row = await db.selectFrom('statements_of_reasons').selectAll().where('uuid', '=', uuid).where('site_uuid', '=', site).executeTakeFirst();
  if (!row) throw notFound('No such statement of reasons on this site');
  if (row.user_uuid !== user.uuid) throw forbidden('Only the reader this decision is about can appeal it');
  if (row.state === 'reversed') throw new HttpError(409, 'This decision was already reversed');
  return { decidedAt: Number(row.date_created), decidedBy: row.moderator_uuid, statement: row.uuid, notice: null, appellant: user.uuid };
}

async function appealedNotice(db: Kysely<Database>, site: string, user: UserRow | null, reference: string, email: string): Promise<Appealed> {
  const row = await db.selectFrom('legal_notices').selectAll().where('reference', '=', reference).where('site_uuid', '=', site).executeTakeFirst();
  // A wrong reference and a wrong email look the same: a reference alone tells nothing.
  if (!row || !row.reporter_email || row.reporter_email.trim().toLowerCase() !== email.trim().toLowerCase()) {
    throw notFound('No notice has this reference and email');
  }
  if (row.state !== 'not_illegal' || row.decided_at == null) throw new HttpError(409, 'Only a notice judged not illegal can be appealed by its reporter');
  return { decidedAt: Number(row.decided_at), decidedBy: row.decided_by, statement: null, notice: row.uuid, appellant: user?.uuid ?? row.reporter_user_uuid };
}

/** Stores the appeal, or refuses it: 404/403 not theirs to appeal, 409 too late or one already open. */
export async function createAppeal(db: Kysely<Database>, request: AppealRequest, now: number = Date.now()): Promise<AppealsTable> {
  const text = normalisePlain(request.text, 'Appeal', MAX_APPEAL_TEXT);
  if (!text.ok) throw badRequest(text.message, 'text');
  const appealed = request.role === 'author'
    ? await appealedStatement(db, request.site, request.user, request.statement)
    : await appealedNotice(db, request.site, request.user, request.reference, request.email);
  if (now > appealDeadline(appealed.decidedAt)) throw new HttpError(409, APPEAL_TOO_LATE);
  return db.transaction().execute(async (trx) => {
    let open = trx.selectFrom('appeals').select('uuid').where('state', '=', 'open');
    open = appealed.statement ? open.where('statement_uuid', '=', appealed.statement) : open.where('notice_uuid', '=', appealed.notice!);
    if (await open.executeTakeFirst()) throw new HttpError(409, APPEAL_ALREADY_OPEN);
    const row: AppealsTable = {
      uuid: randomUUID(), site_uuid: request.site, statement_uuid: appealed.statement, notice_uuid: appealed.notice, appellant_uuid: appealed.appellant,
      appellant_role: request.role, text: text.text, first_decided_by: appealed.decidedBy, state: 'open', decided_by: null, decided_at: null,
      explanation: null, single_moderator: 0, date_created: now,
    };
    await trx.insertInto('appeals').values(row).execute();
    return row;
  });
}

/** The site's moderators and admins other than `moderator` (erased accounts do not count). */
export async function otherModerators(db: Kysely<Database>, site: string, moderator: string): Promise<number> {
  const row = await db
    .selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_uuid', '=', site).where('user_privilege', 'in', ['mod', 'admin']).where('erased_at', 'is', null).where('uuid', '!=', moderator)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether `moderator` may decide the appeal: 403 when they took the decision appealed and the site
 * has another moderator; `single` when they took it and the site has no other (they decide it alone).
 */
export async function mayDecide(db: Kysely<Database>, appeal: AppealsTable, moderator: string): Promise<{ single: boolean }> {
  if (appeal.first_decided_by !== moderator) return { single: false };
  if ((await otherModerators(db, appeal.site_uuid, moderator)) > 0) throw forbidden(ANOTHER_MODERATOR);
  return { single: true };
}

/**
 * Decides the appeal in one transaction with its effect (reversal.ts): null when it was decided
 * meanwhile (by someone else: the update only takes an open appeal), else the row as decided and
 * what the reversal did.
 */
export async function decideAppeal(
  db: Kysely<Database>, appeal: AppealsTable, decision: AppealDecision, explanation: string | null, moderator: string, single: boolean, now: number = Date.now(),
): Promise<{ row: AppealsTable; reversal: Reversal } | null> {
  return db.transaction().execute(async (trx) => {
    const change = { state: decision === 'reverse' ? 'reversed' : 'upheld', decided_by: moderator, decided_at: now, explanation, single_moderator: single ? 1 : 0 };
    const taken = await trx.updateTable('appeals').set(change).where('uuid', '=', appeal.uuid).where('state', '=', 'open').executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const reversal = decision === 'reverse' ? await reverseAppealed(trx, appeal, moderator, explanation, now) : { changes: [], bansLifted: 0, statements: [], profileChanged: false, unusedPictures: [] };
    return { row: { ...appeal, ...change }, reversal };
  });
}
