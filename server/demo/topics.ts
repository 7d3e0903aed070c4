/**
 * The demo topics' followers (demo mode only, from index.ts): demo/topics.html shows follower
 * counts, so a few demo readers already follow its topics. Rows as the topic follow call stores
 * them (`topic_follows`); a row already there is left alone, so a restart adds nothing.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_SITE } from './site.ts';
import { findUserByEmail } from '../engine/users.ts';

/**
 * The topics of demo/topics.html and who follows each: emails of the demo readers
 * (conversation.ts, liveblog.ts), written out, so this page's data reads on its own.
 */
export const DEMO_TOPIC_FOLLOWS: readonly { topic_id: string; topic_name: string; followers: readonly string[] }[] = [
  { topic_id: 'politics', topic_name: 'Politics', followers: ['maya@vf.local', 'tomas@vf.local', 'priya@vf.local'] },
  { topic_id: 'climate', topic_name: 'Climate', followers: ['maya@vf.local', 'tomas@vf.local', 'priya@vf.local', 'jonas@vf.local', 'reader@vf.local'] },
  { topic_id: 'football', topic_name: 'Football', followers: ['jonas@vf.local', 'tomas@vf.local'] },
];

export async function seedDemoTopics(app: FastifyInstance): Promise<void> {
  const now = Date.now();
  for (const topic of DEMO_TOPIC_FOLLOWS) {
    for (const [i, email] of topic.followers.entries()) {
      const user = await findUserByEmail(app.db, DEMO_SITE.uuid, email);
      if (!user) continue; // the demo conversation was made before its readers existed
      await app.db
        .insertInto('topic_follows')
        .values({ user_uuid: user.uuid, site_uuid: DEMO_SITE.uuid, topic_id: topic.topic_id, topic_name: topic.topic_name, topic_type: 'topic', date_created: now - (i + 1) * 3_600_000 })
        .onConflict((conflict) => conflict.columns(['user_uuid', 'topic_id']).doNothing())
        .execute();
    }
  }
}
