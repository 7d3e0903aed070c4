/**
 * The statements of a moderator's decisions on items (the queue's reject and spam, the page's own
 * menu), and what an approval lifts: the drafts each path would otherwise build alike. The ground
 * is the rule of the terms the moderator named, else the default for the decision (docs/law.md).
 */
import type { Kysely } from 'kysely';
import type { Database, StatementsOfReasonsTable } from '../storage/schema.ts';
import { statementFacts } from './facts.ts';
import { DEFAULT_TERMS_RULE, reverseStatements, writeStatements } from './statements.ts';

export interface DecidedItem {
  /** The item before the decision. */
  before: { uuid: string; site_uuid: string; actor_uuid: string; type: string; state: string };
  /** Its state after it. */
  state: string;
  decision_uuid: string;
}

export interface DecisionGrounds {
  terms_rule?: string;
  explanation?: string;
}

/**
 * Writes a statement for each item a reject or spam decision restricted (its state changed: an
 * item already rejected is not restricted again), in the decision's transaction.
 */
export async function writeDecisionStatements(
  trx: Kysely<Database>, moderator: string, decision: 'reject' | 'spam', where: 'queue' | 'page', items: DecidedItem[], grounds: DecisionGrounds = {},
): Promise<StatementsOfReasonsTable[]> {
  const restricted = items.filter((item) => item.before.state !== item.state && item.state !== 'visible');
  return writeStatements(trx, restricted.map((item) => ({
    site_uuid: item.before.site_uuid,
    user_uuid: item.before.actor_uuid,
    content_uuid: item.before.uuid,
    decision_uuid: item.decision_uuid,
    restriction: decision === 'spam' ? 'spam' : 'rejection',
    ground_type: 'terms',
    ground: grounds.terms_rule ?? DEFAULT_TERMS_RULE[decision],
    explanation: grounds.explanation ?? null,
    facts: statementFacts.moderator(decision, item.before.type, where),
    moderator_uuid: moderator,
  })));
}

/** Items an approval showed again: the restrictions they were under are reversed. */
export async function approvedItems(trx: Kysely<Database>, items: DecidedItem[]): Promise<void> {
  const shown = items.filter((item) => item.before.state !== 'visible' && item.state === 'visible').map((item) => item.before.uuid);
  await reverseStatements(trx, { approvedContent: shown });
}
