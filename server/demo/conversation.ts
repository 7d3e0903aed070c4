/**
 * The demo conversation (demo mode only, from index.ts): the comments of `demo/article.html`
 * (`demo-article-river-trees`), a community already talking when a newcomer opens the article:
 * threads with replies by several demo readers with pictures, the demo reader and the editors,
 * real likes, an editor's pick and a pinned note by the moderator. Written like the demo chat
 * (chat.ts: the conversation policy's text check, insertContent, the `created` events, times
 * in the past), its likes through setReaction (a row per reader, so the counts are real), the pick
 * and the pin as the moderation calls make them (`picked`, `pinned`).
 *
 * Made once: whoever creates the article's container seeds it; a restart, or a second process
 * starting at the same time, finds the container and adds nothing. An article whose container
 * exists already (commented on before this seeding existed) is left as it is.
 */
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { conversationPolicy } from '../kinds/conversation/policy.ts';
import { REPO_ROOT } from '../routes/static.ts';
import { saveAvatar } from '../accounts/avatars.ts';
import { createContainer } from '../engine/containers.ts';
import { eventTypeOf } from '../engine/contentWrites.ts';
import { setReaction } from '../engine/contents.ts';
import type { ContainersTable, ContentsTable } from '../storage/schema.ts';
import { createUser, findUserByEmail, updateUser, type UserRow } from '../engine/users.ts';
import { DEMO_READER, type DemoEditor, findDemoEditors, markDemoContent, NO_PASSWORD, writeDemoContent } from './liveblog.ts';
import { DEMO_SITE } from './site.ts';

/** The container id demo/article.html names in its `vf:container_id` meta tag. */
export const DEMO_CONVERSATION_ID = 'demo-article-river-trees';

type DemoCommenter = 'maya' | 'tomas' | 'priya' | 'jonas';
type Author = DemoEditor | 'reader' | DemoCommenter;

/** Readers who exist for this conversation, each with a picture drawn for the demo (demo/avatars/). No password opens them. */
export const DEMO_COMMENTERS: readonly { key: DemoCommenter; email: string; name: string; avatar: string }[] = [
  { key: 'maya', email: 'maya@vf.local', name: 'Maya Okafor', avatar: join(REPO_ROOT, 'demo/avatars/maya.png') },
  { key: 'tomas', email: 'tomas@vf.local', name: 'Tomás Ortega', avatar: join(REPO_ROOT, 'demo/avatars/tomas.png') },
  { key: 'priya', email: 'priya@vf.local', name: 'Priya Raman', avatar: join(REPO_ROOT, 'demo/avatars/priya.png') },
  { key: 'jonas', email: 'jonas@vf.local', name: 'Jonas Weber', avatar: join(REPO_ROOT, 'demo/avatars/jonas.png') },
];

interface DemoComment {
  by: Author;
  /** Minutes before the seeding. */
  ago: number;
  text: string;
  /** Who likes it (never its author). */
  likedBy?: Author[];
}

interface DemoThread extends DemoComment {
  /** Marked by the moderator. */
  pinned?: boolean;
  picked?: boolean;
  /** Oldest first, each answering the thread's comment. */
  replies?: DemoComment[];
}

/** Oldest first, as they were posted. */
export const DEMO_THREADS: readonly DemoThread[] = [
  {
    by: 'maya', ago: 26 * 60, likedBy: ['tomas', 'priya', 'reader', 'admin'],
    text: 'I walk the east bank every morning, and this summer was the first time I did not cross to the other side at noon. The willows by the old mill bridge already give real shade.',
    replies: [
      { by: 'tomas', ago: 25 * 60, likedBy: ['maya'], text: 'Same on my bike. The stretch under the limes is the only part of my commute where I am not melting.' },
      { by: 'reader', ago: 24 * 60, text: 'Are the willows the ones with the wooden guards around them?' },
      { by: 'maya', ago: 23 * 60 + 30, likedBy: ['reader'], text: 'Yes, those! The guards keep the geese off the young bark.' },
    ],
  },
  {
    by: 'priya', ago: 20 * 60, picked: true, likedBy: ['mod', 'admin', 'maya', 'tomas', 'jonas', 'reader'],
    text: 'Six degrees matches what my students measured on our street last year: shade and water together make a huge difference. That is why the industrial estate matters most. It is the hottest part of the city, and it has almost no trees today.',
    replies: [
      { by: 'jonas', ago: 19 * 60, likedBy: ['priya', 'tomas'], text: 'Agreed, but buying land from three owners could take years. Could they plant along the roads there first?' },
      { by: 'admin', ago: 18 * 60, text: 'Good question. Our reporter has asked the council, and we will update the article with their answer.' },
    ],
  },
  {
    by: 'jonas', ago: 9 * 60, likedBy: ['tomas', 'reader'],
    text: 'Honest question: who waters ten thousand saplings in a dry August? Nine in ten surviving sounds almost too good to be true.',
    replies: [
      { by: 'maya', ago: 8 * 60, likedBy: ['jonas', 'priya', 'reader'], text: 'Volunteers, with water from the river pumps. I do two evenings a month, and anyone can sign up.' },
      { by: 'jonas', ago: 7 * 60, text: 'Thanks, I did not know that. Count me in.' },
    ],
  },
  {
    by: 'tomas', ago: 3 * 60, likedBy: ['maya'],
    text: 'Please try fruit trees on the south-facing slope next time! Figs and almonds would love the heat there.',
  },
  {
    by: 'reader', ago: 70,
    text: 'Is there a map of what was planted where? I would love to know which trees are on my stretch of the walk.',
    replies: [{ by: 'priya', ago: 55, likedBy: ['reader'], text: 'The council\'s open data site has one: every tree with its species and the day it was planted.' }],
  },
  {
    by: 'mod', ago: 20, pinned: true, likedBy: ['maya', 'priya'],
    text: 'Welcome to the conversation about the river trees! The next volunteer planting day is on the west bank in December. Please keep it kind and on topic.',
  },
];

/** Seeds the demo conversation once (see above); the readers' pictures go under `dataDir`. Runs after the live blog's seeding, which makes the demo reader. */
export async function seedDemoConversation(app: FastifyInstance, dataDir: string): Promise<void> {
  const editors = await findDemoEditors(app);
  const reader = await findUserByEmail(app.db, DEMO_SITE.uuid, DEMO_READER.email);
  if (!editors || !reader) return; // seeded before this, in demo mode; never missing there

  const container = await createContainer(app.db, DEMO_SITE.uuid, DEMO_CONVERSATION_ID, conversationPolicy.kind);
  if (!container) return; // made already: so was its conversation

  const authors = new Map<Author, UserRow>([...editors, ['reader', reader]]);
  for (const commenter of DEMO_COMMENTERS) authors.set(commenter.key, await demoCommenter(app, dataDir, commenter));
  const moderator = editors.get('mod')!;
  const now = Date.now();
  const write = async (comment: DemoComment, parent?: ContentsTable) => {
    const options = { date: now - comment.ago * 60_000, ...(parent ? { parent } : {}) };
    const row = await writeDemoContent(app, conversationPolicy, container, authors.get(comment.by)!, comment.text, options);
    for (const fan of comment.likedBy ?? []) await like(app, container, row, authors.get(fan)!);
    return row;
  };
  for (const thread of DEMO_THREADS) {
    const row = await write(thread);
    for (const reply of thread.replies ?? []) await write(reply, row);
    if (thread.picked) await markDemoContent(app, row, moderator, 'picked');
    if (thread.pinned) await markDemoContent(app, row, moderator, 'pinned');
  }
}

/** The reader's account with its picture, stored like an upload (`/avatars/<file>`); found when a partial earlier seeding made it. */
async function demoCommenter(app: FastifyInstance, dataDir: string, commenter: (typeof DEMO_COMMENTERS)[number]): Promise<UserRow> {
  const created = await createUser(app.db, { site_uuid: DEMO_SITE.uuid, email: commenter.email, name: commenter.name, password_hash: NO_PASSWORD, user_privilege: 'user' });
  if (!created) return (await findUserByEmail(app.db, DEMO_SITE.uuid, commenter.email))!;
  const picture = await saveAvatar(dataDir, await readFile(commenter.avatar), 'png');
  return (await updateUser(app.db, created.uuid, { pic_small: picture, pic_large: picture }))!;
}

/** A reader's like, stored and logged as the like call does (`liked` with the new total). */
async function like(app: FastifyInstance, container: ContainersTable, item: ContentsTable, fan: UserRow): Promise<void> {
  const { event } = await setReaction(app.db, 'like', item.uuid, fan.uuid, true, (total) => ({
    event: 'liked',
    content_type: eventTypeOf(item.type),
    section_uuid: container.site_uuid,
    content_container_uuid: container.uuid,
    content_uuid: item.uuid,
    actor_uuid: fan.uuid,
    total_likes: total,
    time: Date.now(),
  }));
  if (event) app.hub.publish(event);
}
