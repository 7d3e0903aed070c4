/**
 * Automatic moderation as the write paths reach it (`app.autoModeration`): the engine and the
 * kinds ask for a verdict before they store a reader's item or edit, and record it in the same
 * transaction. A plugin, so the engine needs no import of this feature (DESIGN.md's direction).
 */
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { Database, StatementsOfReasonsTable } from '../../storage/schema.ts';
import { moderate, type ModerationInput, type Verdict } from './moderate.ts';
import { type JudgedItem, recordVerdict } from './record.ts';

export interface AutoModeration {
  moderate(input: ModerationInput): Promise<Verdict>;
  /** In the item's transaction; answers the statements of reasons written, to tell (`app.legal.tell`) after commit. */
  record(trx: Transaction<Database>, item: JudgedItem, stateBefore: string, verdict: Verdict): Promise<StatementsOfReasonsTable[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    autoModeration: AutoModeration;
  }
}

// Named: an unnamed plugin makes fastify-plugin read a stack trace for a name, which parses the
// bundle's whole source map at start (about 40 MB of heap kept for good; docs/server.md).
export default fp(async (app) => {
  app.decorate('autoModeration', { moderate: (input: ModerationInput) => moderate(app, input), record: recordVerdict });
}, { name: 'vf-auto-moderation' });
