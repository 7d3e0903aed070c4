/**
 * The demo moderation queue (demo mode only, from index.ts, after the other demo content):
 * `demo/staging.html`'s `<vf-moderation-queue>` opens on work to do across pages and kinds. A
 * newcomer, "Sam Newcomer", has comments held in the readers' forum (/demo/forum.html) (a suspect word, a link,
 * new commenter), a live-blog reply and a chat message held (premoderation, spam score) on a live
 * blog and a chat of the queue's own, on the forum's page too; readers reported a comment there and a cookbook review, with
 * reasons; Sam's new name waits; and the demo moderator
 * has decided a few things already (history for the items and the drawer).
 *
 * Made once: whoever creates Sam seeds the rest; a restart, or a second process starting at the
 * same time, finds Sam and adds nothing but the forum's page (its address follows the port).
 */
import type { FastifyInstance } from 'fastify';
import type { HoldReason } from '../../core/moderation/types.ts';
import { chatPolicy } from '../kinds/chat/policy.ts';
import { conversationPolicy } from '../kinds/conversation/policy.ts';
import { liveblogPolicy } from '../kinds/liveblog/policy.ts';
import { decideMany } from '../moderation/decisions.ts';
import { getCommentWithActor } from '../engine/contentQueries.ts';
import { contentEvent } from '../engine/contentWrites.ts';
import { findContainer, getOrCreateContainer } from '../engine/containers.ts';
import { findOrCreatePage } from '../pages/queries.ts';
import { joinContainers, readJoins } from '../pages/containerPages.ts';
import { setReaction } from '../engine/contents.ts';
import type { ContainersTable, ContentsTable } from '../storage/schema.ts';
import { createUser, findUserByEmail } from '../engine/users.ts';
import { DEMO_COMMENTERS } from './conversation.ts';
import { NO_PASSWORD, writeDemoContent } from './liveblog.ts';
import { DEMO_REVIEWS_ID } from './reviews.ts';
import { DEMO_SITE } from './site.ts';

export const DEMO_NEWCOMER = { email: 'newcomer@vf.local', name: 'Sam Newcomer', pending_name: 'Sam the River Fan' } as const;

/** The containers the queue's items are in, all on the readers' forum (/demo/forum.html): its conversation, a live blog and a chat (the other demos keep their content as it is). */
export const DEMO_QUEUE_PAGES = { article: 'demo-queue-forum', liveblog: 'demo-queue-liveblog', chat: 'demo-queue-chat' } as const;

/** The forum's shown comments are older than the trending window (48 h): the demo's rails list its stories, not the forum. */
const DAY = 24 * 60 * 60_000;

/** Sam's held comments in the forum, each with the rule that held it. */
const HELD_COMMENTS: readonly { text: string; reason: HoldReason; ago: number }[] = [
  { text: 'Street lights are a scam dressed up as safety.', reason: { rule: 'suspect_word', word: 'scam', match: [20, 24] }, ago: 40 },
  { text: 'Cheaper telescopes here: https://cheap-scopes.example/deal', reason: { rule: 'link', link: 'https://cheap-scopes.example/deal' }, ago: 25 },
  { text: 'First time commenting: I saw the Milky Way from the lake last night!', reason: { rule: 'new_commenter', limit: 3 }, ago: 10 },
];

function container(app: FastifyInstance, id: string, kind: ContainersTable['kind']): Promise<ContainersTable> {
  return getOrCreateContainer(app.db, DEMO_SITE.uuid, id, kind);
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

export async function seedDemoModerationQueue(app: FastifyInstance, origin: string): Promise<void> {
  const moderator = await findUserByEmail(app.db, DEMO_SITE.uuid, 'moderator@vf.local');
  const admin = await findUserByEmail(app.db, DEMO_SITE.uuid, 'admin@vf.local');
  const readers = await Promise.all(DEMO_COMMENTERS.map((c) => findUserByEmail(app.db, DEMO_SITE.uuid, c.email)));
  const reviews = await findContainer(app.db, DEMO_SITE.uuid, DEMO_REVIEWS_ID, 'reviews');
  if (!moderator || !admin || !reviews || readers.some((r) => !r)) return; // seeded before this in demo mode
  const [maya, tomas, priya] = readers as NonNullable<(typeof readers)[number]>[];

  // The forum's page, as a read of it stores it: the queue shows its title and links there for
  // the items of its conversation, live blog and chat (the server does not read its own seed).
  const { page: forum } = await findOrCreatePage(app.db, DEMO_SITE.uuid, {
    unique_id: DEMO_QUEUE_PAGES.article, url: `${origin}/demo/forum.html`, title: "Readers' forum: dark skies", page_section: 'science', lang: 'en',
  }, 'server');
  await joinContainers(app.db, DEMO_SITE.uuid, forum.uuid, readJoins({ own: [], shown: [DEMO_QUEUE_PAGES.liveblog, DEMO_QUEUE_PAGES.chat] }));

  const sam = await createUser(app.db, { site_uuid: DEMO_SITE.uuid, email: DEMO_NEWCOMER.email, name: DEMO_NEWCOMER.name, password_hash: NO_PASSWORD, user_privilege: 'user' });
  if (!sam) return; // made already: so was the queue
  await app.db.updateTable('users').set({ username_pending: DEMO_NEWCOMER.pending_name, username_moderation_status: 'pending' }).where('uuid', '=', sam.uuid).execute();
  const article = await container(app, DEMO_QUEUE_PAGES.article, 'conversation');
  const liveblog = await container(app, DEMO_QUEUE_PAGES.liveblog, 'liveblog');
  const chat = await container(app, DEMO_QUEUE_PAGES.chat, 'chat');

  const now = Date.now();
  const held = 'awaiting_moderation' as const;
  for (const comment of HELD_COMMENTS) {
    const row = await writeDemoContent(app, conversationPolicy, article, sam, comment.text, { date: now - comment.ago * 60_000, state: held });
    await holdFor(app, row, comment.reason);
  }
  const post = await writeDemoContent(app, liveblogPolicy, liveblog, admin, '<p>The meteor shower peaks tonight: best seen after midnight.</p>', { date: now - 30 * 60_000 });
  const reply = await writeDemoContent(app, liveblogPolicy, liveblog, sam, 'Is the observatory open to the public tonight?', { parent: post, date: now - 8 * 60_000, state: held });
  await holdFor(app, reply, { rule: 'premoderation' });
  const message = await writeDemoContent(app, chatPolicy, chat, sam, 'WIN A FREE TELESCOPE!!! dm me now', { date: now - 3 * 60_000, state: held });
  await holdFor(app, message, { rule: 'spam_score', scorer: 'akismet', score: 1 });

  // Reported while shown: a reader's comment and a review, each with a reason.
  const rude = await writeDemoContent(app, conversationPolicy, article, tomas!, 'Only fools think dimming a few lamps will bring the stars back.', { date: now - 3 * DAY });
  await report(app, rude, maya!.uuid, 'Insults other readers');
  await report(app, rude, priya!.uuid, 'Rude');
  const review = await app.db.selectFrom('contents').select('uuid').where('container_uuid', '=', reviews.uuid).where('type', '=', 'review').orderBy('date_created').executeTakeFirst();
  if (review) await report(app, review, tomas!.uuid, 'Not about the book');

  // The moderator's history: one of Sam's earlier comments approved, a spam message rejected.
  const approved = await writeDemoContent(app, conversationPolicy, article, sam, 'Thanks for covering our neighbourhood.', { date: now - 3 * DAY - 60 * 60_000, state: held });
  const spam = await writeDemoContent(app, chatPolicy, chat, sam, 'cheap watches cheap watches', { date: now - 2 * 60 * 60_000 });
  for (const [decision, row, state] of [['approve', approved, held], ['spam', spam, 'visible']] as const) {
    const result = await decideMany(app.db, DEMO_SITE.uuid, moderator.uuid, decision, [{ uuid: row.uuid, state }]);
    for (const event of result.events) app.hub.publish(event);
  }
  await app.db.insertInto('staff_notes').values({
    uuid: crypto.randomUUID(), site_uuid: DEMO_SITE.uuid, user_uuid: sam.uuid, author_uuid: moderator.uuid, text: 'New this week; posted a deal link twice.', date_created: now - 60 * 60_000,
  }).execute();
}
