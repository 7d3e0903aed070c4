/** What legal offers the other features (docs/architecture.md): import these from here, not from its files. */
export { groundOf, legalSettings, updateLegalSettings } from './settings.ts';
export { approvedItems, type DecidedItem, writeDecisionStatements } from './decisionStatements.ts';
export { statementFacts } from './facts.ts';
export {
  DEFAULT_TERMS_RULE, reverseStatements, STATEMENT_HOLD_RULES, type StatementDraft, tellStatements, termsRuleOfHold, termsRuleOr400, writeStatements,
} from './statements.ts';
