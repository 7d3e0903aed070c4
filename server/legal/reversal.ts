/**
 * What an appeal's decision changes on the item (docs/law.md "Appeals"): a reversed restriction
 * puts the item back in view, or lifts the reader's ban; a reporter's reversed "not illegal" takes
 * the item out of view. The item changes through the same pieces as a moderator's decision in the
 * queue (engine/moderationStates.ts: the change, its record, the page's event, the counts), inside
 * the appeal's own transaction, so the appeal is never decided without its effect.
 */
import type { Transaction } from 'kysely';
import type { ContentEvent } from '../../core/api/types.ts';
import { HttpError } from '../errors.ts';
import { selectWithActor } from '../engine/contentQueries.ts';
import { moveCountsMany } from '../engine/contents.ts';
import { appendEvents } from '../engine/events.ts';
import { decisionRecord, moderationChange, moderationEvent } from '../engine/moderationStates.ts';
import { kindOf, revokeBans } from '../moderation/index.ts';
import type { AppealsTable, Database, StatementsOfReasonsTable } from '../storage/schema.ts';
import { itemNoun } from './items.ts';
import { mailDate } from './legalMails.ts';
import { placeholderName } from './notices.ts';
import { reverseStatements, writeStatements } from './statements.ts';

/** What happened to an item: its state before and after, and its page's events (to publish after commit). */
export interface ItemChange {
  uuid: string;
  before: string;
  state: string;
  /** The moderation_decisions row written for it. */
  decision_uuid: string;
  /** The content type (comment, review, …). */
  type: string;
  events: ContentEvent[];
}

/**
 * Shows the item again (`restore`, as a queue approval does) or takes it out of view (`remove`,
 * as a queue rejection does), recording the decision as `moderator`'s. Null when the item is
 * gone (its author deleted it, or it was erased): there is nothing to change.
 */
export async function changeContent(trx: Transaction<Database>, contentUuid: string, how: 'restore' | 'remove', moderator: string, now: number): Promise<ItemChange | null> {
  const before = await selectWithActor(trx).where('contents.uuid', '=', contentUuid).executeTakeFirst();
  if (!before || before.state === 'deleted') return null;
  const action = how === 'restore' ? 'enable' : 'disable';
  const change = moderationChange(action, before, moderator, now);
  let after = before;
  let events: ContentEvent[] = [];
  if (change) {
    const updated = await trx.updateTable('contents').set(change.patch).where('uuid', '=', before.uuid).where('state', '=', before.state).executeTakeFirst();
    // Changed by someone else since it was read: nothing is written, the moderator tries again.
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'The item changed meanwhile: try again');
    if (change.clearFlags) await trx.deleteFrom('flags').where('content_uuid', '=', before.uuid).execute();
    after = (await selectWithActor(trx).where('contents.uuid', '=', before.uuid).executeTakeFirst())!;
    const shown = (row: { state: string }) => row.state === 'visible';
    if (shown(before) !== shown(after)) await moveCountsMany(trx, [{ row: after, delta: shown(after) ? 1 : -1 }]);
    const draft = moderationEvent(action, before, after, moderator);
    events = draft ? await appendEvents(trx, [draft]) : [];
  }
  const record = decisionRecord(how === 'restore' ? 'approve' : 'reject', before, after.state, moderator, now);
  await trx.insertInto('moderation_decisions').values(record).execute();
  return { uuid: before.uuid, before: before.state, state: after.state, decision_uuid: record.uuid, type: before.type, events };
}


/** The restrictions of a content item that a reversal lifts by showing it again. */
const CONTENT_RESTRICTIONS = new Set(['removal', 'rejection', 'spam', 'hold']);

/** What a reversal did: items changed (their events to publish), bans lifted, statements written (to tell their readers). */
export interface Reversal {
  changes: ItemChange[];
  bansLifted: number;
  statements: StatementsOfReasonsTable[];
  /** A profile's name or picture was taken away: its items show it no more. */
  profileChanged: boolean;
  /** Pictures no longer referenced: delete their files (after commit). */
  unusedPictures: string[];
}

/**
 * Reverses the decision `appeal` is about, in the appeal's transaction. An author's appeal: the
 * statement is no longer in force, and the item shows again (with every restriction of it a
 * showing lifts), or the reader's bans are lifted; a name or picture a moderator rejected is not
 * put back (the reader may set it again). A reporter's appeal: the notice is judged illegal on
 * its own kind, the item is taken out of view, and its author gets a statement of reasons.
 */
export async function reverseAppealed(trx: Transaction<Database>, appeal: AppealsTable, moderator: string, explanation: string | null, now: number): Promise<Reversal> {
  const reversal: Reversal = { changes: [], bansLifted: 0, statements: [], profileChanged: false, unusedPictures: [] };
  if (appeal.statement_uuid) {
    const statement = await trx.selectFrom('statements_of_reasons').selectAll().where('uuid', '=', appeal.statement_uuid).executeTakeFirstOrThrow();
    await trx.updateTable('statements_of_reasons').set({ state: 'reversed' }).where('uuid', '=', statement.uuid).execute();
    if (statement.restriction === 'ban' && statement.user_uuid) {
      reversal.bansLifted = await revokeBans(trx, statement.user_uuid, now);
    } else if (statement.content_uuid && CONTENT_RESTRICTIONS.has(statement.restriction)) {
      const change = await changeContent(trx, statement.content_uuid, 'restore', moderator, now);
      if (change) {
        reversal.changes.push(change);
        await reverseStatements(trx, { approvedContent: [change.uuid] });
      }
    }
    return reversal;
  }
  const notice = await trx.selectFrom('legal_notices').selectAll().where('uuid', '=', appeal.notice_uuid!).executeTakeFirstOrThrow();
  // decided_at stays the first decision's: the transparency report's median measures notices' first decisions.
  const judged = await trx.updateTable('legal_notices').set({ state: 'illegal', decided_by: moderator })
    .where('uuid', '=', notice.uuid).where('state', '=', 'not_illegal').executeTakeFirst();
  if (Number(judged.numUpdatedRows) !== 1) throw new HttpError(409, 'The notice changed meanwhile: try again');
  const change = notice.target_type === 'content' && notice.content_uuid ? await changeContent(trx, notice.content_uuid, 'remove', moderator, now) : null;
  if (change) reversal.changes.push(change);
  if (notice.target_type !== 'content' && notice.target_user_uuid) await removeFromProfile(trx, notice.target_user_uuid, notice.target_type, reversal);
  const what = notice.target_type === 'content' ? `this ${itemNoun(change ? kindOf(change.type) ?? 'item' : 'item')}` : notice.target_type === 'profile_name' ? 'this profile name' : 'this profile picture';
  reversal.statements = await writeStatements(trx, [{
    site_uuid: notice.site_uuid,
    user_uuid: notice.target_user_uuid,
    content_uuid: notice.content_uuid,
    notice_uuid: notice.uuid,
    decision_uuid: change?.decision_uuid ?? null,
    restriction: notice.target_type === 'content' ? 'removal' : (notice.target_type as 'profile_name' | 'profile_picture'),
    ground_type: 'illegal',
    ground: notice.kind,
    explanation,
    facts: `Someone sent a notice of illegal content about ${what} on ${mailDate(Number(notice.date_created))}. A moderator first found it not illegal; `
      + 'on appeal by the sender of the notice, a moderator examined it again, found it illegal and removed it.',
    moderator_uuid: moderator,
  }], now);
  const [statement] = reversal.statements;
  if (statement) await trx.updateTable('legal_notices').set({ statement_uuid: statement.uuid }).where('uuid', '=', notice.uuid).execute();
  return reversal;
}

/** Takes a profile's name or picture away as a notice judged illegal does (notices.ts): the name gives way to a placeholder, the picture goes. */
async function removeFromProfile(trx: Transaction<Database>, userUuid: string, target: string, reversal: Reversal): Promise<void> {
  const owner = await trx.selectFrom('users').selectAll().where('uuid', '=', userUuid).executeTakeFirst();
  if (!owner || owner.erased_at != null) return;
  const name = target === 'profile_name';
  const change = name
    ? { name: placeholderName(owner.uuid), username_pending: owner.name, username_moderation_status: 'rejected' }
    : { pic_small: null, pic_large: null, pic_small_pending: null, pic_large_pending: null, avatar_moderation_status: 'rejected' };
  await trx.updateTable('users').set(change).where('uuid', '=', owner.uuid).execute();
  reversal.profileChanged = true;
  if (!name) reversal.unusedPictures = [owner.pic_small, owner.pic_large, owner.pic_small_pending, owner.pic_large_pending].filter((path): path is string => !!path);
}
