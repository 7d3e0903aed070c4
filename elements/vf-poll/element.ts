import { Poll, type PollProps } from './Poll.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * A poll: a question with 2–10 answers, one choice or several. Readers vote once (signed in, or
 * as guests by a per-browser token where the site allows it); the results show as the poll's rule
 * says (always, after voting, after closing; moderators always) and move live. Moderators create
 * the poll in the element when the page has none, and close or reopen it. docs/polls.md.
 *
 * @summary Poll: vote, see live results; moderators create, close and reopen.
 *
 * @attr {string} poll-id - Required: the publisher's id for the poll, unique on the site (like
 *   a container id). Missing, the element renders nothing and warns once in the console.
 * @attr {string} post-uuid - The live-blog post the poll sits in; `<vf-liveblog>` sets it on the
 *   polls it shows under its posts, and a poll a moderator creates here is attached to that post.
 *
 * @fires {CustomEvent<{ pollId: string, pollUuid: string, options: string[] }>} vf-poll-voted - `{ pollId, pollUuid, options }` after the vote is stored.
 * @fires {CustomEvent<{ pollId: string, pollUuid: string }>} vf-poll-created - `{ pollId, pollUuid }` after a moderator created the poll.
 * @fires {CustomEvent<{ pollId: string, pollUuid: string }>} vf-poll-closed - `{ pollId, pollUuid }` after a moderator closed it.
 * @fires {CustomEvent<{ pollId: string, pollUuid: string }>} vf-poll-reopened - `{ pollId, pollUuid }` after a moderator reopened it.
 *
 * @csspart base - The poll's region.
 * @csspart question - The question (the ballot's legend).
 * @csspart form - The ballot: the answers and Vote.
 * @csspart choice - One answer (radio button or checkbox and its text).
 * @csspart vote - The Vote button.
 * @csspart results - The results list.
 * @csspart bar - One answer's result bar (`role="meter"`, its numbers as value text).
 * @csspart total - The vote total (a polite live region).
 * @csspart closing - The closing time, or "This poll is closed."
 * @csspart notice - Why the results are hidden.
 * @csspart moderate - The moderator's Close / Reopen button.
 * @csspart create - The moderator's Create poll form.
 * @csspart empty - No poll yet (readers).
 * @csspart error - Loading failed: message and Retry.
 * @csspart failed - A vote or change failed.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-poll-bar-color=#0b5cad] - The result bars' fill.
 * @cssprop [--vf-poll-bar-track=#e6ebf1] - The result bars' track.
 */
export const pollElement: ElementDefinition<PollProps> = {
  component: Poll,
  props: { pollId: 'string', postUuid: 'string' },
  bundle: 'polls',
  css: () => import('./styles.css'),
  reserve: reserves['vf-poll'],
};
