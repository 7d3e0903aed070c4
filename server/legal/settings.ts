/**
 * A site's legal settings (docs/law.md "Grounds"): its kinds of illegality, the rules of its terms
 * and what erasure does to a reader's content. Stored as JSON in legal_settings; a site that never
 * changed them has DEFAULT_LEGAL_SETTINGS.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LEGAL_SETTINGS, type Ground, type LegalSettings } from '../../core/legal/types.ts';
import type { Database } from '../storage/schema.ts';

export async function legalSettings(db: Kysely<Database>, site: string): Promise<LegalSettings> {
  const row = await db.selectFrom('legal_settings').select('settings').where('site_uuid', '=', site).executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_LEGAL_SETTINGS);
  return { ...structuredClone(DEFAULT_LEGAL_SETTINGS), ...(JSON.parse(row.settings) as Partial<LegalSettings>) };
}

/** Stores the change (keys not given keep their value) and answers the settings after it. */
export async function updateLegalSettings(db: Kysely<Database>, site: string, change: Partial<LegalSettings>): Promise<LegalSettings> {
  const settings = { ...(await legalSettings(db, site)), ...change };
  const now = Date.now();
  await db
    .insertInto('legal_settings')
    .values({ site_uuid: site, settings: JSON.stringify(settings), date_updated: now })
    .onConflict((oc) => oc.column('site_uuid').doUpdateSet({ settings: JSON.stringify(settings), date_updated: now }))
    .execute();
  return settings;
}

/** The ground with this id in a list, or undefined. */
export const groundOf = (list: readonly Ground[], id: string): Ground | undefined => list.find((ground) => ground.id === id);
