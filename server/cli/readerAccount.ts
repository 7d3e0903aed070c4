/** What `export-user` and `delete-user` share: their `--site` and `--email` options, and the reader's account they name. */
import type { Kysely } from 'kysely';
import type { Site } from '../engine/sites.ts';
import { findUserByEmail, type UserRow } from '../engine/users.ts';
import type { Database } from '../storage/schema.ts';
import { findSite, Refusal } from './command.ts';

export const readerOptions = { site: { type: 'string' }, email: { type: 'string' } } as const;

/** Checks `--site` and `--email`; a usage refusal (exit code 2) otherwise. */
export function checkReader(values: { site?: string; email?: string }, usage: string): { site: string; email: string } {
  const email = values.email?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw new Refusal(`--email needs the reader's email address\n${usage}`, 2);
  if (!values.site?.trim()) throw new Refusal(`--site needs the site's uuid or one of its domains\n${usage}`, 2);
  return { site: values.site.trim(), email };
}

/** The site and the account with that email on it; a refusal when there is none (an erased account has no email left). */
export async function findReader(db: Kysely<Database>, options: { site: string; email: string }): Promise<{ site: Site; user: UserRow }> {
  const site = await findSite(db, options.site);
  const user = await findUserByEmail(db, site.uuid, options.email);
  if (!user || user.erased_at != null) throw new Refusal(`No account has the email ${options.email.toLowerCase()} on site "${site.name}" (${site.uuid}); nothing done.`);
  return { site, user };
}
