/**
 * The demo polls (demo mode only, from index.ts): the poll of demo/poll.html and the one in the
 * demo live blog, made by the demo moderator, with votes from the demo readers (emails written
 * out, as in topics.ts). A poll already there is kept and
 * a reader's vote is cast once, so a restart (or two processes starting together, one of them
 * before every reader exists) ends with the same votes.
 */
import type { FastifyInstance } from 'fastify';
import type { PollInput } from '../../core/api/pollTypes.ts';
import { DEMO_SITE } from './site.ts';
import { castVote, createPoll, pollById, VoteRefused } from '../polls/queries.ts';
import { findUserByEmail } from '../engine/users.ts';

const DAY = 24 * 60 * 60 * 1000;
const READERS = ['maya@vf.local', 'tomas@vf.local', 'priya@vf.local', 'jonas@vf.local', 'reader@vf.local'];

/** Each poll, the demo live blog's post it sits in (words of its text), and per reader above the options they chose. */
export const DEMO_POLLS: readonly { input: Omit<PollInput, 'closes_at'> & { closesInDays: number | null }; inPost?: string; votes: number[][] }[] = [
  {
    input: {
      poll_id: 'stadium-plan', question: 'Should the new stadium run without gas?', options: ['Yes, as planned', 'Yes, but with a review first', 'No'],
      multiple: false, results_visibility: 'after_vote', closesInDays: 7,
    },
    votes: [[0], [1], [0], [2], [0]],
  },
  {
    input: {
      poll_id: 'liveblog-bridge-poll', question: 'Where are you following the race from?', options: ['At the start', 'On the river bridge', 'At the finish', 'At home'],
      multiple: true, results_visibility: 'always', closesInDays: null,
    },
    inPost: 'river bridge at km 12',
    votes: [[0, 1], [2], [1], [3], [1, 2]],
  },
];

export async function seedDemoPolls(app: FastifyInstance): Promise<void> {
  const moderator = await findUserByEmail(app.db, DEMO_SITE.uuid, 'moderator@vf.local');
  if (!moderator) return;
  const now = Date.now();
  for (const { input: { closesInDays, ...input }, inPost, votes } of DEMO_POLLS) {
    const post = inPost ? await liveblogPost(app, inPost) : null;
    if (inPost && !post) continue; // the demo live blog was not seeded
    await createPoll(app.db, DEMO_SITE.uuid, moderator.uuid, { ...input, closes_at: closesInDays === null ? null : now + closesInDays * DAY }, now, post);
    const poll = await pollById(app.db, DEMO_SITE.uuid, input.poll_id);
    if (!poll) continue;
    const options = poll.options.map((o) => o.uuid);
    for (const [i, email] of READERS.entries()) {
      const reader = await findUserByEmail(app.db, DEMO_SITE.uuid, email);
      if (!reader) continue;
      await castVote(app.db, { site: DEMO_SITE.uuid, poll: poll.row.uuid, voterKey: `user:${reader.uuid}`, options: votes[i]!.map((n) => options[n]!), now: now - (i + 1) * 60_000 }).catch((error: unknown) => {
        if (!(error instanceof VoteRefused)) throw error; // voted at an earlier start
      });
    }
  }
}

/** The demo live blog's post whose text holds `words` (liveblog.ts, container `demo-liveblog`). */
async function liveblogPost(app: FastifyInstance, words: string): Promise<{ container_uuid: string; content_uuid: string } | null> {
  const row = await app.db
    .selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .select(['contents.uuid', 'contents.container_uuid'])
    .where('containers.site_uuid', '=', DEMO_SITE.uuid)
    .where('containers.container_id', '=', 'demo-liveblog')
    .where('contents.type', '=', 'liveblog_post')
    .where('contents.content', 'like', `%${words}%`)
    .executeTakeFirst();
  return row ? { container_uuid: row.container_uuid, content_uuid: row.uuid } : null;
}
