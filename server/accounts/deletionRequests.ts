/**
 * A reader's request to delete their account (GDPR Art. 17, docs/law.md "Readers' data"): asked
 * from the tray (dataRoutes.ts) or by an admin for a request received by letter (`npm run admin --
 * delete-user`), erased DELETION_GRACE_MS later by the sweep (deletionSweep.ts) unless they log in
 * meanwhile (plugins/auth.ts calls cancelDeletionOnLogin). The confirmation mail says when, and how
 * to cancel. Mails are in plain English, like the other account mails (mail/accountMails.ts).
 */
import type { Kysely } from 'kysely';
import { DELETION_GRACE_MS, type ErasedContent } from '../../core/legal/types.ts';
import type { Site } from '../engine/sites.ts';
import type { UserRow } from '../engine/users.ts';
import { escapeHtml, type Mail } from '../mail/index.ts';
import type { Database } from '../storage/schema.ts';

/** When an account asked to be deleted at `requestedAt` is erased. */
export const deleteAfter = (requestedAt: number) => requestedAt + DELETION_GRACE_MS;

/** The erasure date of the account (ms), or null when no deletion is asked. */
export const deletionOf = (user: Pick<UserRow, 'deletion_requested_at'>): number | null =>
  user.deletion_requested_at == null ? null : deleteAfter(Number(user.deletion_requested_at));

/**
 * Asks the deletion (a second request keeps the first one's date); answers the erasure date and
 * whether this call asked it (then mail the confirmation). Null: no such account, or erased.
 */
export async function requestDeletion(db: Kysely<Database>, userUuid: string, now = Date.now()): Promise<{ delete_after: number; asked: boolean } | null> {
  const asked = await db
    .updateTable('users')
    .set({ deletion_requested_at: now })
    .where('uuid', '=', userUuid)
    .where('erased_at', 'is', null)
    .where('deletion_requested_at', 'is', null)
    .executeTakeFirst();
  const row = await db.selectFrom('users').select(['deletion_requested_at', 'erased_at']).where('uuid', '=', userUuid).executeTakeFirst();
  if (!row || row.erased_at != null || row.deletion_requested_at == null) return null;
  return { delete_after: deleteAfter(Number(row.deletion_requested_at)), asked: Number(asked.numUpdatedRows) === 1 };
}

/** Cancels the account's deletion; true when one was asked. */
export async function cancelDeletion(db: Kysely<Database>, userUuid: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deletion_requested_at: null })
    .where('uuid', '=', userUuid)
    .where('deletion_requested_at', 'is not', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A login (any method) during the grace period cancels the deletion; true when it did (the answer says `deletion_cancelled`). */
export async function cancelDeletionOnLogin(db: Kysely<Database>, user: Pick<UserRow, 'uuid' | 'deletion_requested_at'>): Promise<boolean> {
  return user.deletion_requested_at != null && cancelDeletion(db, user.uuid);
}

/** "14 March 2025 at 09:30 UTC". */
const dateText = (ms: number) => {
  const date = new Date(ms);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${day} at ${date.toISOString().slice(11, 16)} UTC`;
};

/** The confirmation: when the account goes, what goes with it, and that logging in at `page` keeps it. Null: no address to mail. */
export function deletionMail(site: Pick<Site, 'name'>, user: Pick<UserRow, 'name' | 'email'>, deleteAt: number, page: URL, content: ErasedContent): Mail | null {
  if (!user.email.includes('@')) return null; // an external account without an address
  const paragraphs = [
    `Hello ${user.name}, you asked to delete your account on ${site.name}. It will be erased on ${dateText(deleteAt)}: your profile, email address, pictures, sessions, follows and notifications. ${content === 'remove' ? 'Your comments and other posts will be removed.' : 'Your comments and other posts will stay, shown under "Deleted reader".'}`,
    `Changed your mind? Log in to ${site.name} before then: logging in cancels the deletion.`,
    'If you did not ask for this, log in to keep your account, and change your password.',
  ];
  const link = page.href;
  return {
    to: user.email,
    subject: `Your account on ${site.name} will be deleted on ${dateText(deleteAt)}`,
    text: [paragraphs[0], paragraphs[1], link, paragraphs[2]].join('\n\n'),
    html: [
      `<p>${escapeHtml(paragraphs[0]!)}</p>`,
      `<p>${escapeHtml(paragraphs[1]!)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(`Log in to ${site.name}`)}</a></p>`,
      `<p>${escapeHtml(paragraphs[2]!)}</p>`,
    ].join('\n'),
  };
}

/** Said when a login cancelled the deletion (docs/law.md: logging in during the grace period keeps the account). Null: no address to mail. */
export function deletionCancelledMail(site: Pick<Site, 'name'>, user: Pick<UserRow, 'name' | 'email'>): Mail | null {
  if (!user.email.includes('@')) return null;
  const text = `Hello ${user.name}, you logged in to ${site.name} while your account was waiting to be deleted, so it will not be deleted. To delete it after all, ask again from your profile.`;
  return { to: user.email, subject: `Your account on ${site.name} will not be deleted`, text, html: `<p>${escapeHtml(text)}</p>` };
}
