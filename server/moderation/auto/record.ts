/**
 * What an automatic verdict leaves beside the item (docs/moderation.md): a row in
 * `moderation_decisions` by AUTOMATIC_MODERATOR_UUID, written in the item's own transaction (the
 * reason on the item itself is `contents.hold_reason`, written with the item), and, where the rule
 * judged the reader's words, a statement of reasons (docs/law.md: automated, naming the rule),
 * returned for the writer to tell the author once the item's transaction has committed
 * (`app.legal.tell`).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { AUTOMATIC_MODERATOR_UUID } from '../../../core/moderation/types.ts';
import { storedReason } from '../../engine/contents.ts';
import { statementFacts, STATEMENT_HOLD_RULES, termsRuleOfHold, writeStatements } from '../../legal/index.ts';
import type { Database, StatementsOfReasonsTable } from '../../storage/schema.ts';
import type { Verdict } from './moderate.ts';

/** The item a verdict is about: its author and type name the statement's reader and noun. */
export interface JudgedItem {
  site_uuid: string;
  uuid: string;
  actor_uuid: string;
  type: string;
}

/** Records a hold or a rejection (a pass records nothing); `stateBefore` is "new" for a new item. */
export async function recordVerdict(trx: Transaction<Database>, item: JudgedItem, stateBefore: string, verdict: Verdict): Promise<StatementsOfReasonsTable[]> {
  if (verdict.state === 'visible') return [];
  const decision = {
    uuid: randomUUID(),
    site_uuid: item.site_uuid,
    content_uuid: item.uuid,
    actor_uuid: AUTOMATIC_MODERATOR_UUID,
    action: verdict.state === 'disabled' ? 'auto_reject' : 'hold',
    state_before: stateBefore,
    state_after: verdict.state,
    reason: verdict.reason ? storedReason(verdict.reason) : null,
    date_created: Date.now(),
  };
  await trx.insertInto('moderation_decisions').values(decision).execute();
  const reason = verdict.reason;
  if (!reason || !STATEMENT_HOLD_RULES.has(reason.rule)) return [];
  const held = verdict.state === 'awaiting_moderation';
  return writeStatements(trx, [{
    site_uuid: item.site_uuid, user_uuid: item.actor_uuid, content_uuid: item.uuid, decision_uuid: decision.uuid,
    restriction: held ? 'hold' : 'rejection', ground_type: 'terms', ground: termsRuleOfHold(reason.rule),
    facts: statementFacts.automatic(held, reason, item.type, stateBefore !== 'new'), automated_rule: reason.rule, moderator_uuid: null,
  }], decision.date_created);
}
