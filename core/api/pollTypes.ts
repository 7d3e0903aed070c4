/** Polls (docs/polls.md): what the polls service answers, shared by the client and the server. */

export const RESULTS_VISIBILITY = ['always', 'after_vote', 'after_close'] as const;
export type ResultsVisibility = (typeof RESULTS_VISIBILITY)[number];

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
/** The server's words for its two 409s on a vote; the element shows its own translation of each. */
export const POLL_CLOSED = 'This poll is closed';
export const ALREADY_VOTED = 'You have already voted in this poll';

export const MAX_QUESTION_LENGTH = 300;
export const MAX_OPTION_LENGTH = 120;

export interface PollOption {
  uuid: string;
  text: string;
  /** null while the results are hidden from this reader. */
  votes: number | null;
}

export interface Poll {
  uuid: string;
  poll_id: string;
  question: string;
  multiple: boolean;
  results_visibility: ResultsVisibility;
  /** ms; null: open until a moderator closes it. */
  closes_at: number | null;
  /** Closed by a moderator or past closes_at. */
  is_closed: boolean;
  /** How many voted (not choices); null while the results are hidden. */
  total_votes: number | null;
  /** This reader may see the counts now (the poll's rule, the site's login rule; moderators always). */
  results_visible: boolean;
  options: PollOption[];
  /** The options this reader (user or browser token) chose; null: not voted. */
  my_vote: string[] | null;
}

/** A poll_updated event's payload: counts only where every reader may see them. */
export interface PollTally {
  total_votes: number;
  is_closed: boolean;
  /** option uuid → votes; absent when the results are not public (readers who may see them read the poll again). */
  counts?: Record<string, number>;
  /** The question, options or rules changed: read the poll again. */
  changed?: boolean;
}

export interface PollInput {
  poll_id: string;
  question: string;
  options: string[];
  multiple: boolean;
  results_visibility: ResultsVisibility;
  closes_at: number | null;
  /** The live-blog post the poll sits in (docs/polls.md "In a live blog"). */
  content_uuid?: string;
}

/**
 * GET /{section}/containers/{container}: the live blog's posts that hold a poll, each with what
 * sets its height for this reader before they vote: how many options, whether it takes votes
 * (open) and whether its results show.
 */
export interface PostPoll {
  content_uuid: string;
  poll_id: string;
  options: number;
  open: boolean;
  results: boolean;
}

/** Effective closed state: closed by hand, or past its closing time. */
export function isPollClosed(poll: { is_closed: boolean | number; closes_at: number | null }, now: number): boolean {
  return Boolean(poll.is_closed) || (poll.closes_at !== null && Number(poll.closes_at) <= now);
}

/** Whether the poll's own rule shows the results to a reader who has (or has not) voted. */
export function resultsShownBy(visibility: ResultsVisibility, closed: boolean, voted: boolean): boolean {
  if (visibility === 'always') return true;
  if (visibility === 'after_vote') return voted || closed;
  return closed;
}
