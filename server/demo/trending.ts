/**
 * The demo stories (demo mode only, from index.ts) that demo/trending.html's
 * <vf-trending-articles> lists: six article pages of the demo site, each with a title, an
 * address (`/demo/trending.html?story=N`), a picture (but one: its placeholder shows), topics and
 * a conversation the demo readers had over the last hours, so they trend.
 *
 * Made once, like the demo conversation: whoever creates a story's container writes its
 * comments. At each later start the stories' times move forward by how long the server was
 * away, so the rail is never empty on a demo that ran yesterday.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_COMMENTERS } from './conversation.ts';
import { writeDemoContent } from './liveblog.ts';
import { conversationPolicy } from '../kinds/conversation/policy.ts';
import { createContainer } from '../engine/containers.ts';
import { findOrCreatePage } from '../pages/queries.ts';
import { findUserByEmail, type UserRow } from '../engine/users.ts';
import { DEMO_SITE } from './site.ts';

export interface DemoStory {
  id: string;
  title: string;
  /** A picture under /demo/, or none. */
  image: string | null;
  alt: string;
  topics: string[];
  /** Comments, newest last: minutes before the seeding and the words. */
  comments: Array<[number, string]>;
}

/** Story N's page is `/demo/trending.html?story=N` (N from 1); its container id `demo-trending-story-N`. */
export const DEMO_STORIES: readonly DemoStory[] = [
  {
    id: 'demo-trending-story-1', title: 'Night trams return to the river line this winter', image: 'trending/tram.svg', alt: 'A blue tram crossing a bridge at night',
    topics: ['transport', 'politics'],
    comments: [[175, 'Does this include the airport branch?'], [170, 'Finally. The last bus at midnight was always packed.'], [120, 'Will they run on Sundays too?'], [90, 'The timetable says every 20 minutes until 2 am.'], [40, 'Good news for everyone working late shifts.'], [12, 'Now do the same for the east line, please.']],
  },
  {
    id: 'demo-trending-story-2', title: 'Ten thousand new trees along the river, and nine in ten survived', image: 'trending/trees.svg', alt: 'Young trees in a row along a riverbank',
    topics: ['climate'],
    comments: [[160, 'What kind of trees were planted?'], [150, 'The willows by the mill are already taller than me.'], [80, 'Who waters them in August?'], [30, 'Volunteers, and the river pumps.'], [8, 'I signed up for the next planting day.']],
  },
  {
    id: 'demo-trending-story-3', title: 'Stadium vote: the club goes without gas', image: 'trending/stadium.svg', alt: 'An aerial drawing of a football stadium with solar roofs',
    topics: ['politics', 'football', 'climate'],
    comments: [[145, 'A bold plan for a football club.'], [140, 'Heat pumps under the pitch, who knew.'], [60, 'The fans will pay for it in ticket prices.'], [20, 'The council lends a third, read the article.']],
  },
  {
    id: 'demo-trending-story-4', title: 'The market hall reopens with twenty new stalls', image: 'trending/market.svg', alt: 'Market stalls under an arched glass roof',
    topics: ['city'],
    comments: [[110, 'I remember the old hall from when I was a child.'], [100, 'The bakery on the corner is back!'], [25, 'Parking is still a nightmare around there.']],
  },
  {
    id: 'demo-trending-story-5', title: 'Library opens on Sundays from January', image: null, alt: '',
    topics: ['city', 'education'],
    comments: [[50, 'Best decision the council made this year.']],
  },
  {
    id: 'demo-trending-story-6', title: 'Marathon route moves to the river bridge', image: 'liveblog-bridge.png', alt: 'Runners crossing a river bridge',
    topics: ['sport'],
    comments: [[75, 'The bridge will be packed with spectators.'], [35, 'Closed roads from 7 am, plan ahead.']],
  },
];

/** `origin`: where the demo pages are served (their links and pictures are absolute, as pages' are). */
export async function seedDemoTrending(app: FastifyInstance, origin: string): Promise<void> {
  const readers: UserRow[] = [];
  for (const { email } of DEMO_COMMENTERS) {
    const user = await findUserByEmail(app.db, DEMO_SITE.uuid, email);
    if (user) readers.push(user);
  }
  if (!readers.length) return; // seeded before the demo conversation's readers: never in demo mode
  const now = Date.now();
  for (const [i, story] of DEMO_STORIES.entries()) {
    await findOrCreatePage(app.db, DEMO_SITE.uuid, {
      url: `${origin}/demo/trending.html?story=${i + 1}`, unique_id: story.id, title: story.title,
      image_url: story.image ? `${origin}/demo/${story.image}` : null, image_alt: story.image ? story.alt : null,
      topics: story.topics, page_section: 'News', lang: 'en-us',
    }, 'server');
    const container = await createContainer(app.db, DEMO_SITE.uuid, story.id, conversationPolicy.kind);
    if (!container) continue; // made already
    for (const [j, [ago, text]] of story.comments.entries()) {
      await writeDemoContent(app, conversationPolicy, container, readers[(i + j) % readers.length]!, text, { date: now - ago * 60_000 });
    }
  }
  await freshen(app, now);
}

/** Moves the stories' containers and comments forward so their newest comment is from the last minutes. */
async function freshen(app: FastifyInstance, now: number): Promise<void> {
  const ids = DEMO_STORIES.map((story) => story.id);
  const containers = app.db.selectFrom('containers').select('uuid').where('site_uuid', '=', DEMO_SITE.uuid).where('container_id', 'in', ids);
  const newest = await app.db.selectFrom('contents').select((eb) => eb.fn.max('date_created').as('at')).where('container_uuid', 'in', containers).executeTakeFirst();
  const shift = newest?.at ? now - 8 * 60_000 - Number(newest.at) : 0;
  if (shift <= 0) return;
  await app.db.updateTable('contents').set((eb) => ({ date_created: eb('date_created', '+', shift) })).where('container_uuid', 'in', containers).execute();
  await app.db.updateTable('containers').set((eb) => ({ date_created: eb('date_created', '+', shift) })).where('site_uuid', '=', DEMO_SITE.uuid).where('container_id', 'in', ids).execute();
}
