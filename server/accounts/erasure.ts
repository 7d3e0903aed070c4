/**
 * Erasing one account (GDPR Art. 17, docs/law.md "Readers' data"), in one transaction: the profile
 * becomes a pseudonym (its uuid, ERASED_READER_NAME, an email that is no address), and what only
 * served the person goes (sessions, tokens, push subscriptions, notifications, follows, mutes).
 * Their content is removed or kept under ERASED_READER_NAME, as the site's legal settings say
 * (`erased_content`). The moderation and legal records (decisions, statements, appeals, notices,
 * bans, staff notes) stay, holding the uuid only: quotes of the name or email are taken out of
 * their text, and notices the reader sent lose the reporter's name and email. Copies in the event
 * log and the webhooks' outbox are scrubbed too (erasureScrub.ts).
 *
 * The caller publishes the returned events and tells the hub the site changed (names shown to
 * guests are cached: engine/guest-cache.ts), and deletes the picture files (deletionSweep.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { ContentEvent } from '../../core/api/types.ts';
import { ERASED_READER_NAME, type ErasedContent } from '../../core/legal/types.ts';
import { eventTypeOf } from '../engine/contentWrites.ts';
import { moveCountsMany } from '../engine/contents.ts';
import { appendEvents, type EventDraft } from '../engine/events.ts';
import { legalSettings } from '../legal/index.ts';
import type { Database } from '../storage/schema.ts';
import { type ErasedIdentity, needlesOf, scrubJson, scrubText } from './erasureScrub.ts';

/** The email an erased account keeps: unique per site (the column is), and not an address. */
export const erasedEmail = (userUuid: string) => `erased:${userUuid}`;

export interface Erasure {
  user_uuid: string;
  site_uuid: string;
  erased_content: ErasedContent;
  /** Items of theirs that were shown or waiting and are now removed ('remove'). */
  removed: number;
  /** The content events logged (publish them: they have committed). */
  events: ContentEvent[];
  /** The picture paths the account held (`/avatars/…`): delete the files. */
  pictures: string[];
}

export interface EraseOptions {
  /** Only if the deletion was asked at or before this time (the sweep: a login since then cancelled it). */
  requestedBefore?: number;
  now?: number;
}

/** Erases the account; null when there is none, it is already erased, or (requestedBefore) its deletion was cancelled. */
export async function eraseUser(db: Kysely<Database>, userUuid: string, options: EraseOptions = {}): Promise<Erasure | null> {
  const now = options.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('uuid', '=', userUuid).executeTakeFirst();
    if (!user || user.erased_at != null) return null;
    // The claim comes first: of two processes sweeping at once, one erases, the other finds nothing.
    let claim = trx
      .updateTable('users')
      .set({
        name: ERASED_READER_NAME, email: erasedEmail(user.uuid), password_hash: '',
        pic_small: null, pic_large: null, pic_small_pending: null, pic_large_pending: null, avatar_moderation_status: 'none',
        username_pending: null, username_moderation_status: 'none', email_verification_status: 'none',
        social_login_provider: null, social_login_id: null, push_notifications_on: 0,
        deletion_requested_at: null, erased_at: now,
      })
      .where('uuid', '=', user.uuid)
      .where('erased_at', 'is', null);
    if (options.requestedBefore !== undefined) claim = claim.where('deletion_requested_at', '<=', options.requestedBefore);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) === 0) return null;

    const mode = (await legalSettings(trx, user.site_uuid)).erased_content;
    const who: ErasedIdentity = { uuid: user.uuid, needles: needlesOf(user), removeContent: mode === 'remove' };
    await forgetPerson(trx, user.uuid, user.email);
    const { removed, drafts } = await eraseContent(trx, user.uuid, user.site_uuid, mode, now);
    const events = await appendEvents(trx, drafts);
    await scrubRecords(trx, who, user.email);
    await scrubCopies(trx, who);
    const pictures = [user.pic_small, user.pic_large, user.pic_small_pending, user.pic_large_pending].filter((path): path is string => !!path);
    return { user_uuid: user.uuid, site_uuid: user.site_uuid, erased_content: mode, removed, events, pictures };
  });
}

/** What only served the person: sessions, tokens, push, notifications and unsent mails to them, follows by and of them, their mutes, the importer's note of their email. */
async function forgetPerson(trx: Transaction<Database>, uuid: string, email: string): Promise<void> {
  await trx.deleteFrom('sessions').where('user_uuid', '=', uuid).execute();
  await trx.deleteFrom('account_tokens').where('user_uuid', '=', uuid).execute();
  await trx.deleteFrom('push_subscriptions').where('user_uuid', '=', uuid).execute();
  await trx.deleteFrom('notifications').where('user_uuid', '=', uuid).execute();
  await trx.deleteFrom('mail_outbox').where('user_uuid', '=', uuid).execute(); // mails not sent yet carry the address
  await trx.deleteFrom('mail_digest_items').where('user_uuid', '=', uuid).execute(); // what their next digest would have shown
  await trx.deleteFrom('follows').where((eb) => eb.or([eb('follower_uuid', '=', uuid), eb('followee_uuid', '=', uuid)])).execute();
  await trx.deleteFrom('topic_follows').where('user_uuid', '=', uuid).execute();
  await trx.deleteFrom('page_follows').where('user_uuid', '=', uuid).execute();
  await trx.deleteFrom('mutes').where('muter_uuid', '=', uuid).execute();
  // An imported author is mapped by their email (server/import/).
  await trx.deleteFrom('import_map').where('vf_uuid', '=', uuid).where('kind', '=', 'author').execute();
  // A social login under way carries the profile it read.
  await trx.deleteFrom('login_flows').where('payload', 'like', `%${uuid}%`).execute();
  if (email.includes('@')) await trx.deleteFrom('login_flows').where('payload', 'like', `%${email}%`).execute();
}

/**
 * 'remove': every item of theirs is deleted and emptied (its counts move as a removal's do, and
 * pages are told); 'anonymise': items stay, shown under the erased name, except the words of
 * items they had deleted themselves, which nobody is shown anyway.
 */
async function eraseContent(trx: Transaction<Database>, uuid: string, site: string, mode: ErasedContent, now: number): Promise<{ removed: number; drafts: EventDraft[] }> {
  const emptied = { content: '', media: null };
  if (mode === 'anonymise') {
    await trx.updateTable('contents').set(emptied).where('actor_uuid', '=', uuid).where('state', '=', 'deleted').execute();
    return { removed: 0, drafts: [] };
  }
  const rows = await trx
    .selectFrom('contents')
    .select(['uuid', 'type', 'state', 'container_uuid', 'parent_uuid', 'thread_uuid'])
    .where('actor_uuid', '=', uuid)
    .execute();
  const live = rows.filter((row) => row.state !== 'deleted');
  // Counts first: a review's star count reads its stars before the title goes.
  await moveCountsMany(trx, live.filter((row) => row.state === 'visible').map((row) => ({ row, delta: -1 as const })));
  await trx.updateTable('contents').set({ ...emptied, state: 'deleted' }).where('actor_uuid', '=', uuid).execute();
  await trx.updateTable('reviews').set({ title: '' }).where('actor_uuid', '=', uuid).execute();
  const drafts = live.map((row): EventDraft => ({
    event: 'deleted', content_type: eventTypeOf(row.type), section_uuid: site, content_container_uuid: row.container_uuid,
    content_uuid: row.uuid, actor_uuid: uuid, time: now,
  }));
  return { removed: live.length, drafts };
}

/** The records kept about them hold the uuid only: their name and email are taken out of the text. */
async function scrubRecords(trx: Transaction<Database>, who: ErasedIdentity, email: string): Promise<void> {
  const sent = trx.updateTable('legal_notices').set({ reporter_name: null, reporter_email: null });
  await (email.includes('@')
    ? sent.where((eb) => eb.or([eb('reporter_user_uuid', '=', who.uuid), eb('reporter_email', '=', email)]))
    : sent.where('reporter_user_uuid', '=', who.uuid)
  ).execute();
  if (who.needles.length === 0) return;
  const scrub = (text: string | null) => (text === null ? null : scrubText(text, who.needles));
  for (const row of await trx.selectFrom('legal_notices').select(['uuid', 'explanation']).where((eb) => eb.or([eb('target_user_uuid', '=', who.uuid), eb('reporter_user_uuid', '=', who.uuid)])).execute()) {
    const explanation = scrubText(row.explanation, who.needles);
    if (explanation !== row.explanation) await trx.updateTable('legal_notices').set({ explanation }).where('uuid', '=', row.uuid).execute();
  }
  for (const row of await trx.selectFrom('statements_of_reasons').select(['uuid', 'facts', 'explanation']).where('user_uuid', '=', who.uuid).execute()) {
    const change = { facts: scrubText(row.facts, who.needles), explanation: scrub(row.explanation) };
    if (change.facts !== row.facts || change.explanation !== row.explanation) await trx.updateTable('statements_of_reasons').set(change).where('uuid', '=', row.uuid).execute();
  }
  for (const row of await trx.selectFrom('appeals').select(['uuid', 'text', 'explanation']).where('appellant_uuid', '=', who.uuid).execute()) {
    const change = { text: scrubText(row.text, who.needles), explanation: scrub(row.explanation) };
    if (change.text !== row.text || change.explanation !== row.explanation) await trx.updateTable('appeals').set(change).where('uuid', '=', row.uuid).execute();
  }
  for (const row of await trx.selectFrom('staff_notes').select(['uuid', 'text']).where('user_uuid', '=', who.uuid).execute()) {
    const text = scrubText(row.text, who.needles);
    if (text !== row.text) await trx.updateTable('staff_notes').set({ text }).where('uuid', '=', row.uuid).execute();
  }
  for (const row of await trx.selectFrom('bans').select(['uuid', 'user_message']).where('user_uuid', '=', who.uuid).execute()) {
    const message = scrubText(row.user_message, who.needles);
    if (message !== row.user_message) await trx.updateTable('bans').set({ user_message: message }).where('uuid', '=', row.uuid).execute();
  }
}

/** The event log's and the outbox's JSON copies that name them (found by their uuid). */
async function scrubCopies(trx: Transaction<Database>, who: ErasedIdentity): Promise<void> {
  const mentions = `%${who.uuid}%`;
  for (const row of await trx.selectFrom('events').select(['container_uuid', 'seq', 'payload']).where('payload', 'like', mentions).execute()) {
    const payload = scrubJson(row.payload, who);
    if (payload !== null) await trx.updateTable('events').set({ payload }).where('container_uuid', '=', row.container_uuid).where('seq', '=', row.seq).execute();
  }
  for (const row of await trx.selectFrom('webhook_deliveries').select(['uuid', 'body']).where('body', 'like', mentions).execute()) {
    const body = scrubJson(row.body, who);
    if (body !== null) await trx.updateTable('webhook_deliveries').set({ body }).where('uuid', '=', row.uuid).execute();
  }
}
