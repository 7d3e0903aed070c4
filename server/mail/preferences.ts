/**
 * A reader's email preferences (core/mail/types.ts; migration 028): `users.email_notice_frequency`
 * and `users.email_notice_categories` (JSON of the categories; null: all on). Read leniently (a
 * damaged value reads as the default), written whole.
 */
import type { Kysely } from 'kysely';
import {
  DEFAULT_MAIL_CATEGORIES, DEFAULT_MAIL_FREQUENCY, MAIL_CATEGORIES, MAIL_FREQUENCIES,
  type MailCategories, type MailCategory, type MailFrequency, type MailPreferences,
} from '../../core/mail/types.ts';
import type { Database } from '../storage/schema.ts';

type Stored = { email_notice_frequency?: string | null; email_notice_categories?: string | null };

export function frequencyOf(row: Stored): MailFrequency {
  const value = row.email_notice_frequency;
  return (MAIL_FREQUENCIES as readonly string[]).includes(value ?? '') ? (value as MailFrequency) : DEFAULT_MAIL_FREQUENCY;
}

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
 * answers the preferences as now kept, or null when there is no such user.
 */
export async function changePreferences(db: Kysely<Database>, userUuid: string, change: PreferencesChange): Promise<MailPreferences | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').select(['email_notice_frequency', 'email_notice_categories']).where('uuid', '=', userUuid).executeTakeFirst();
    if (!row) return null;
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

/** Switches one category off (the one-click unsubscribe); false when there is no such reader on the site. */
export async function switchCategoryOff(db: Kysely<Database>, site: string, userUuid: string, category: MailCategory): Promise<boolean> {
  const user = await db.selectFrom('users').select('site_uuid').where('uuid', '=', userUuid).executeTakeFirst();
  if (!user || user.site_uuid !== site) return false;
  return (await changePreferences(db, userUuid, { categories: { [category]: false } })) !== null;
}
