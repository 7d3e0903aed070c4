/**
 * The demo moderation queue (demo mode only, from seed.ts, after the other demo content):
 * `demo/staging.html`'s `<vf-moderation-queue>` opens on work to do across the demo pages and
 * kinds. A newcomer, "Sam Newcomer", has comments held on the article (a suspect word, a link,
 * new commenter), a live-blog reply and a chat message held (premoderation, spam score); readers
 * reported a comment and a review, with reasons; Sam's new name waits; and the demo moderator
 * has decided a few things already (history for the items and the drawer).
 *
 * Made once: whoever creates Sam seeds the rest; a restart, or a second process starting at the
 * same time, finds Sam and adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { HoldReason } from '../../core/moderation/types.ts';
import { chatPolicy } from '../kinds/chat/policy.ts';
import { conversationPolicy } from '../kinds/conversation/policy.ts';
import { liveblogPolicy } from '../kinds/liveblog/policy.ts';
import { decideMany } from '../moderation/decisions.ts';
import { getCommentWithActor } from '../storage/content-queries.ts';
import { contentEvent } from '../storage/content-writes.ts';
import { findContainer } from '../storage/containers.ts';
import { setReaction } from '../storage/contents.ts';
import type { ContainersTable, ContentsTable } from '../storage/schema.ts';
import { createUser, findUserByEmail } from '../storage/users.ts';
import { DEMO_CHAT_ID } from '../demoChat.ts';
import { DEMO_COMMENTERS, DEMO_CONVERSATION_ID } from '../demoConversation.ts';
import { DEMO_LIVEBLOG_ID, NO_PASSWORD, writeDemoContent } from '../demoLiveblog.ts';
import { DEMO_REVIEWS_ID } from '../demoReviews.ts';
import { DEMO_SITE } from '../seed.ts';

export const DEMO_NEWCOMER = { email: 'newcomer@vf.local', name: 'Sam Newcomer', pending_name: 'Sam the River Fan' } as const;

/** Sam's held comments on the demo article, each with the rule that held it. */
const HELD_COMMENTS: readonly { text: string; reason: HoldReason; ago: number }[] = [
  { text: 'Planting trees is a scam dressed up as policy.', reason: { rule: 'suspect_word', word: 'scam', match: [20, 24] }, ago: 40 },
  { text: 'Cheaper saplings here: https://cheap-trees.example/deal', reason: { rule: 'link', link: 'https://cheap-trees.example/deal' }, ago: 25 },
  { text: 'First time commenting: the riverside path is finally shaded!', reason: { rule: 'new_commenter', limit: 3 }, ago: 10 },
];

async function container(app: FastifyInstance, id: string, kind: ContainersTable['kind']): Promise<ContainersTable | null> {
  return findContainer(app.db, DEMO_SITE.uuid, id, kind);
}

/** Holds `row` for `reason` as automatic moderation would have (the column the queue reads). */
async function holdFor(app: FastifyInstance, row: ContentsTable, reason: HoldReason): Promise<void> {
  await app.db.updateTable('contents').set({ hold_reason: JSON.stringify(reason) }).where('uuid', '=', row.uuid).execute();
}

/** A reader reports an item, with their reason, as the flag call does. */
async function report(app: FastifyInstance, row: Pick<ContentsTable, 'uuid'>, by: string, reason: string): Promise<void> {
  const item = (await getCommentWithActor(app.db, row.uuid))!;
  const { event } = await setReaction(app.db, 'flag', item.uuid, by, true, () => contentEvent('flagged', item, item.actor_uuid), reason);
  if (event) app.hub.publish(event);
}

export async function seedDemoModerationQueue(app: FastifyInstance): Promise<void> {
  const [article, liveblog, chat, reviews] = await Promise.all([
    container(app, DEMO_CONVERSATION_ID, 'conversation'), container(app, DEMO_LIVEBLOG_ID, 'liveblog'),
    container(app, DEMO_CHAT_ID, 'chat'), container(app, DEMO_REVIEWS_ID, 'reviews'),
  ]);
  const moderator = await findUserByEmail(app.db, DEMO_SITE.uuid, 'moderator@vf.local');
  const readers = await Promise.all(DEMO_COMMENTERS.map((c) => findUserByEmail(app.db, DEMO_SITE.uuid, c.email)));
  if (!article || !liveblog || !chat || !reviews || !moderator || readers.some((r) => !r)) return; // seeded before this in demo mode
  const [maya, tomas, priya] = readers as NonNullable<(typeof readers)[number]>[];

  const sam = await createUser(app.db, { site_uuid: DEMO_SITE.uuid, email: DEMO_NEWCOMER.email, name: DEMO_NEWCOMER.name, password_hash: NO_PASSWORD, user_privilege: 'user' });
  if (!sam) return; // made already: so was the queue
  await app.db.updateTable('users').set({ username_pending: DEMO_NEWCOMER.pending_name, username_moderation_status: 'pending' }).where('uuid', '=', sam.uuid).execute();

  const now = Date.now();
  const held = 'awaiting_moderation' as const;
  for (const comment of HELD_COMMENTS) {
    const row = await writeDemoContent(app, conversationPolicy, article, sam, comment.text, { date: now - comment.ago * 60_000, state: held });
    await holdFor(app, row, comment.reason);
  }
  const post = await app.db.selectFrom('contents').selectAll().where('container_uuid', '=', liveblog.uuid).where('type', '=', 'liveblog_post').orderBy('date_created', 'desc').executeTakeFirst();
  if (post) {
    const reply = await writeDemoContent(app, liveblogPolicy, liveblog, sam, 'Is the finish line open to the public after 15:00?', { parent: post as ContentsTable, date: now - 8 * 60_000, state: held });
    await holdFor(app, reply, { rule: 'premoderation' });
  }
  const message = await writeDemoContent(app, chatPolicy, chat, sam, 'WIN A FREE RACE BIB!!! dm me now', { date: now - 3 * 60_000, state: held });
  await holdFor(app, message, { rule: 'spam_score', scorer: 'akismet', score: 1 });

  // Reported while shown: a reader's comment and a review, each with a reason.
  const rude = await writeDemoContent(app, conversationPolicy, article, tomas!, 'Only fools think a few trees will cool a whole city.', { date: now - 90 * 60_000 });
  await report(app, rude, maya!.uuid, 'Insults other readers');
  await report(app, rude, priya!.uuid, 'Rude');
  const review = await app.db.selectFrom('contents').select('uuid').where('container_uuid', '=', reviews.uuid).where('type', '=', 'review').orderBy('date_created').executeTakeFirst();
  if (review) await report(app, review, tomas!.uuid, 'Not about the book');

  // The moderator's history: one of Sam's earlier comments approved, a spam message rejected.
  const approved = await writeDemoContent(app, conversationPolicy, article, sam, 'Thanks for covering our neighbourhood.', { date: now - 3 * 60 * 60_000, state: held });
  const spam = await writeDemoContent(app, chatPolicy, chat, sam, 'cheap watches cheap watches', { date: now - 2 * 60 * 60_000 });
  for (const [decision, row, state] of [['approve', approved, held], ['spam', spam, 'visible']] as const) {
    const result = await decideMany(app.db, DEMO_SITE.uuid, moderator.uuid, decision, [{ uuid: row.uuid, state }]);
    for (const event of result.events) app.hub.publish(event);
  }
  await app.db.insertInto('staff_notes').values({
    uuid: crypto.randomUUID(), site_uuid: DEMO_SITE.uuid, user_uuid: sam.uuid, author_uuid: moderator.uuid, text: 'New this week; posted a deal link twice.', date_created: now - 60 * 60_000,
  }).execute();
}
