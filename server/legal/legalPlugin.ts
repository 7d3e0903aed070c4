/**
 * What the legal duties offer the write paths as `app.legal` (docs/law.md): the engine's own
 * moderation calls (server/engine/changes.ts) write their statements of reasons through it, so the
 * engine needs no import of this feature (DESIGN.md's direction), as with `app.moderationQueue`.
 * Features import the same functions from ./index.ts. It also holds the data folder, where a
 * picture judged illegal is deleted from.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database, StatementsOfReasonsTable } from '../storage/schema.ts';
import { approvedItems, type DecidedItem, writeDecisionStatements } from './decisionStatements.ts';
import { tellStatements } from './statements.ts';

export interface LegalService {
  /** In a page's reject or spam transaction: the statements of the items it restricted (decisionStatements.ts). */
  decided(trx: Kysely<Database>, moderator: string, decision: 'reject' | 'spam', items: DecidedItem[]): Promise<StatementsOfReasonsTable[]>;
  /** In an approval's transaction: the restrictions of the items shown again are reversed. */
  approved(trx: Kysely<Database>, items: DecidedItem[]): Promise<void>;
  /** After commit: tells the readers (notification, mail). */
  tell(rows: StatementsOfReasonsTable[]): Promise<void>;
  /** The server's data folder (a picture judged illegal is deleted from it). */
  dataDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    legal: LegalService;
  }
}

function legalService(app: FastifyInstance, dataDir: string): LegalService {
  return {
    decided: (trx, moderator, decision, items) => writeDecisionStatements(trx, moderator, decision, 'page', items),
    approved: (trx, items) => approvedItems(trx, items),
    tell: (rows) => tellStatements(app, rows),
    dataDir,
  };
}

// Named: an unnamed plugin makes fastify-plugin read a stack trace for a name (see moderation/announce.ts).
export default fp<{ dataDir: string }>(async (app, { dataDir }) => {
  app.decorate('legal', legalService(app, dataDir));
}, { name: 'vf-legal' });
