/**
 * Statements of reasons as they are read (core/legal/types.ts `Statement`): the row with the item
 * it restricted, as it is now (its text, state and page), and its latest appeal. Any number of
 * statements is a few set-based reads.
 */
import type { Kysely } from 'kysely';
import type { GroundType, LegalItem, Restriction, Statement } from '../../core/legal/types.ts';
import type { AppealsTable, Database, StatementsOfReasonsTable } from '../storage/schema.ts';
import { appealOf } from './appealView.ts';
import { contentItems, goneItem, profileItems } from './items.ts';

/** The restrictions that are about a reader's profile or account rather than an item. */
const PROFILE_RESTRICTIONS = new Set(['profile_name', 'profile_picture', 'ban']);

/** The items the statements restricted, by statement uuid. */
async function itemsOf(db: Kysely<Database>, rows: StatementsOfReasonsTable[]): Promise<Map<string, LegalItem>> {
  const contentIds = rows.flatMap((row) => (row.content_uuid ? [row.content_uuid] : []));
  const profileRows = rows.filter((row) => !row.content_uuid && PROFILE_RESTRICTIONS.has(row.restriction) && row.user_uuid);
  const removedNames = new Set(profileRows.filter((row) => row.restriction === 'profile_name').map((row) => row.user_uuid!));
  const [contents, profiles] = await Promise.all([
    contentItems(db, [...new Set(contentIds)]),
    profileItems(db, [...new Set(profileRows.map((row) => row.user_uuid!))], removedNames),
  ]);
  return new Map(rows.map((row) => [
    row.uuid,
    (row.content_uuid ? contents.get(row.content_uuid) : row.user_uuid ? profiles.get(row.user_uuid) : undefined) ?? goneItem(row.content_uuid, row.user_uuid),
  ]));
}

/** The latest appeal of each statement. */
async function latestAppeals(db: Kysely<Database>, uuids: string[]): Promise<Map<string, AppealsTable>> {
  const rows = await db.selectFrom('appeals').selectAll().where('statement_uuid', 'in', uuids).orderBy('date_created', 'asc').orderBy('uuid', 'asc').execute();
  // Oldest first: the last one set wins.
  return new Map(rows.map((row) => [row.statement_uuid!, row]));
}

/** The statements, by uuid (unknown ones left out). */
export async function loadStatements(db: Kysely<Database>, uuids: string[]): Promise<Map<string, Statement>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('statements_of_reasons').selectAll().where('uuid', 'in', uuids).execute();
  if (rows.length === 0) return new Map();
  const [items, appeals] = await Promise.all([itemsOf(db, rows), latestAppeals(db, rows.map((row) => row.uuid))]);
  return new Map(rows.map((row) => {
    const appeal = appeals.get(row.uuid);
    const statement: Statement = {
      uuid: row.uuid,
      restriction: row.restriction as Restriction,
      ground_type: row.ground_type as GroundType,
      ground: row.ground,
      ground_label: row.ground_label,
      explanation: row.explanation ?? null,
      facts: row.facts,
      automated: Number(row.automated) === 1,
      automated_rule: row.automated_rule ?? null,
      state: row.state === 'reversed' ? 'reversed' : 'in_force',
      date_created: Number(row.date_created),
      appeal_until: Number(row.appeal_until),
      item: items.get(row.uuid)!,
      appeal: appeal ? appealOf(appeal) : null,
    };
    return [row.uuid, statement];
  }));
}

/** The reader's statements, newest first (at most `limit`). */
export async function statementsOf(db: Kysely<Database>, user: string, limit = 50): Promise<Statement[]> {
  const rows = await db.selectFrom('statements_of_reasons').select('uuid').where('user_uuid', '=', user)
    .orderBy('date_created', 'desc').orderBy('uuid', 'desc').limit(limit).execute();
  const statements = await loadStatements(db, rows.map((row) => row.uuid));
  return rows.flatMap((row) => statements.get(row.uuid) ?? []);
}
