/**
 * The demo reviews (demo mode only, from index.ts): the reviews of `demo/reviews.html`, a cookbook
 * (`demo-cookbook-bread`), by the demo conversation's readers: stars from one to five, titles and
 * words, a star-only rating, and Helpful votes, so the average, its bars and every order show
 * something real. Written as the reviews calls write them (the content row, its stars and the
 * `created` event in one transaction), with times in the past.
 *
 * Made once: whoever creates the container seeds it; a restart finds it and adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import { reviewsPolicy } from '../kinds/reviews/policy.ts';
import { withActor } from '../engine/contentQueries.ts';
import { contentEvent, eventTypeOf } from '../engine/contentWrites.ts';
import { insertContent } from '../engine/contentInserts.ts';
import { setReaction } from '../engine/contents.ts';
import { createContainer } from '../engine/containers.ts';
import { addReview } from '../kinds/reviews/queries.ts';
import type { ContentsTable } from '../storage/schema.ts';
import { findUserByEmail, type UserRow } from '../engine/users.ts';
import { DEMO_READER } from './liveblog.ts';
import { DEMO_SITE } from './site.ts';

/** The container id demo/reviews.html names in its `vf:container_id` meta tag. */
export const DEMO_REVIEWS_ID = 'demo-cookbook-bread';

/** The demo reader's review (the live blog's reader: its email is read when seeding). */
const READER = 'reader';

interface DemoReview {
  /** The author's email, or READER. */
  email: string;
  rating: number;
  title?: string;
  text?: string;
  /** Hours before the seeding. */
  ago: number;
  /** Emails of the readers who found it helpful. */
  helpful?: string[];
}

/** Oldest first. */
export const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    email: 'priya@vf.local', rating: 5, ago: 96, title: 'The only bread book I still cook from',
    text: 'The starter chapter finally made sourdough make sense to me. Every loaf in the first half has worked on the first try, and the timetables fit a working week.',
    helpful: ['maya@vf.local', 'tomas@vf.local', 'jonas@vf.local'],
  },
  {
    email: 'jonas@vf.local', rating: 3, ago: 72, title: 'Beautiful, but metric only',
    text: 'Lovely photos and clear steps. I had to weigh everything, which is fine once you own scales, but the rye recipes need flours my shop does not stock.',
    helpful: ['priya@vf.local'],
  },
  { email: 'tomas@vf.local', rating: 4, ago: 30 },
  {
    email: 'maya@vf.local', rating: 5, ago: 8, title: 'Gift it to anyone with an oven',
    text: 'I gave it to my father, who had never baked. Two weekends later he brought focaccia to lunch.',
    helpful: ['tomas@vf.local'],
  },
  {
    email: READER, rating: 2, ago: 2, title: 'Too ambitious for beginners',
    text: 'The first recipes assume you know what a windowpane test is. A glossary would help.',
  },
];

export async function seedDemoReviews(app: FastifyInstance): Promise<void> {
  const container = await createContainer(app.db, DEMO_SITE.uuid, DEMO_REVIEWS_ID, reviewsPolicy.kind);
  if (!container) return; // made already: so were its reviews
  const readers = new Map<string, UserRow>();
  for (const review of DEMO_REVIEWS) {
    for (const email of [review.email, ...(review.helpful ?? [])]) {
      const reader = readers.get(email) ?? (await findUserByEmail(app.db, DEMO_SITE.uuid, email === READER ? DEMO_READER.email : email));
      if (!reader) return; // the demo conversation makes these readers first; never missing in demo mode
      readers.set(email, reader);
    }
  }
  const now = Date.now();
  for (const review of DEMO_REVIEWS) {
    const author = readers.get(review.email)!;
    const date = now - review.ago * 3_600_000;
    let created: ContentsTable | null = null;
    const { row, events } = await insertContent(
      app.db,
      { type: 'review', media: null, site_uuid: DEMO_SITE.uuid, container_uuid: container.uuid, actor_uuid: author.uuid, content: review.text ?? '', date_created: date },
      (written) => {
        created = written;
        return { ...contentEvent('created', withActor(written, author), author.uuid), time: date };
      },
      async (trx) => {
        await addReview(trx, created!, review.rating, review.title ?? '', date);
        return null;
      },
    );
    for (const event of events) app.hub.publish(event);
    for (const email of review.helpful ?? []) {
      await setReaction(app.db, 'like', row.uuid, readers.get(email)!.uuid, true, (total) => ({
        event: 'liked', content_type: eventTypeOf(row.type), section_uuid: DEMO_SITE.uuid, content_container_uuid: container.uuid,
        content_uuid: row.uuid, actor_uuid: readers.get(email)!.uuid, total_likes: total, time: Date.now(),
      }));
    }
  }
}
