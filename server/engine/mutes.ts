/**
 * Who a viewer has muted (spec content.md §3 "Mute"): what comment lists and the notifications
 * feed read to hide muted authors. Muting and the mute list are follows' (follows/mutes.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

/** Every user the viewer has muted (for hiding their content from the viewer's lists). */
export async function mutedBy(db: Kysely<Database>, viewerUuid: string): Promise<Set<string>> {
  const rows = await db.selectFrom('mutes').select('muted_uuid').where('muter_uuid', '=', viewerUuid).execute();
  return new Set(rows.map((row) => row.muted_uuid));
}
