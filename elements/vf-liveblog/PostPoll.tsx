/**
 * The poll inside a live-blog post (docs/polls.md "In a live blog"): a `<vf-poll>` under the
 * post when one is attached to it, or, for an editor who asked to add one, a `<vf-poll>` for the
 * post's own poll id, which shows moderators its Create poll form. The poll element is its own
 * chunk, fetched only when a post has a poll; until it shows the poll, the post keeps the box the
 * poll's shape needs (expectedHeight.ts).
 */
import { createElement, useEffect } from 'react';
import { usePostPollsQuery } from '../../core/api/polls.ts';
import { expectedPollHeight, POLL_HEIGHT_PROPERTY } from '../vf-poll/expectedHeight.ts';

/** The id an editor's new poll gets: one poll per post. */
export const postPollId = (postUuid: string) => `liveblog-post-${postUuid}`;

export function PostPoll({ sectionUuid, containerUuid, postUuid, adding }: { sectionUuid: string; containerUuid: string; postUuid: string; adding: boolean }) {
  const { data } = usePostPollsQuery({ sectionUuid, containerUuid });
  const held = data?.[postUuid];
  const pollId = held?.poll_id ?? (adding ? postPollId(postUuid) : null);
  useEffect(() => {
    if (pollId) void import('../vf-poll/define.ts');
  }, [pollId]);
  if (!pollId) return null;
  const height = held ? expectedPollHeight(held) : null;
  return createElement('vf-poll', { 'poll-id': pollId, 'post-uuid': postUuid, class: 'vf-post__poll', ...(height && { style: { [POLL_HEIGHT_PROPERTY]: height } }) });
}
