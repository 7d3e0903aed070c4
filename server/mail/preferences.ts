/**
 * A reader's email preferences (core/mail/types.ts; migration 028): `users.email_notice_frequency`
 * and `users.email_notice_categories` (JSON of the categories; null: all on). Read leniently (a
 * damaged value reads as the default), written whole.
 */
import type { Kysely } from 'kysely';
import {
  DEFAULT_MAIL_CATEGORIES, MAIL_CATEGORIES, mailFrequencyOf,
  type MailCategories, type MailFrequency, type MailPreferences,
} from '../../core/mail/types.ts';
import type { Database } from '../storage/schema.ts';
import type { UnsubscribeClaims } from './unsubscribe.ts';

type Stored = { email_notice_frequency?: string | null; email_notice_categories?: string | null };

export const frequencyOf = (row: Stored): MailFrequency => mailFrequencyOf(row.email_notice_frequency);

export function categoriesOf(row: Stored): MailCategories {
  const categories = { ...DEFAULT_MAIL_CATEGORIES };
  if (!row.email_notice_categories) return categories;
  try {
    const stored = JSON.parse(row.email_notice_categories) as Record<string, unknown>;
    for (const category of MAIL_CATEGORIES) if (typeof stored[category] === 'boolean') categories[category] = stored[category];
  } catch {
    // a damaged value: every category as by default
  }
  return categories;
}

export const preferencesOf = (row: Stored): MailPreferences => ({ email_notice_frequency: frequencyOf(row), categories: categoriesOf(row) });

export interface PreferencesChange {
  email_notice_frequency?: MailFrequency;
  categories?: Partial<MailCategories>;
}

/**
 * Applies a change in one transaction (two tabs changing different categories both keep theirs);
 * answers the preferences as now kept, or null when there is no such user (on `site`, when given).
 */
export async function changePreferences(db: Kysely<Database>, userUuid: string, change: PreferencesChange, site?: string): Promise<MailPreferences | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select(['site_uuid', 'email_notice_frequency', 'email_notice_categories']).where('uuid', '=', userUuid).executeTakeFirst();
    if (!row || (site !== undefined && row.site_uuid !== site)) return null;
    const next: MailPreferences = {
      email_notice_frequency: change.email_notice_frequency ?? frequencyOf(row),
      categories: { ...categoriesOf(row), ...change.categories },
    };
    await trx.updateTable('users')
      .set({ email_notice_frequency: next.email_notice_frequency, email_notice_categories: JSON.stringify(next.categories) })
      .where('uuid', '=', userUuid)
      .execute();
    return next;
  });
}

/**
 * The one-click unsubscribe (unsubscribe.ts): the token's category off, or for a digest's token the
 * reader's frequency (every mail: a digest holds several categories); false when there is no such
 * reader on the token's site.
 */
export async function switchOff(db: Kysely<Database>, { site, user, category }: UnsubscribeClaims): Promise<boolean> {
  const change: PreferencesChange = category === 'digest' ? { email_notice_frequency: 'off' } : { categories: { [category]: false } };
  return (await changePreferences(db, user, change, site)) !== null;
}
