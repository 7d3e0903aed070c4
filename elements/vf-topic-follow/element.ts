import { TopicFollow, type TopicFollowProps } from './TopicFollow.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * A Follow / Following button for one topic, with its follower count if asked. Following is
 * for signed-in readers: a guest pressing it is asked to log in (`authentication/needed`), and
 * the topic is followed once they have. The topics a reader follows are listed in the tray's
 * profile view.
 *
 * @summary Topic follow: toggles following a topic (content.md §2 "topic follow").
 *
 * @attr {string} topic-id - Required: the topic's id. Missing, the element renders nothing and
 *   warns once in the console.
 * @attr {string} topic-name - The topic's name, shown in follow lists and read after the
 *   button's label by screen readers. Default: the id.
 * @attr {string} topic-type - The topic's type. Default: `topic`.
 * @attr {boolean} show-count - Shows the topic's follower count ("1,204 followers").
 * @attr {number} minimum-count - The count shows only when it is at least this (an integer
 *   ≥ 0; anything else is 0, the default).
 *
 * @fires {CustomEvent<{ topicId: string, topicName: string, topicType: string }>} vf-topic-followed - `{ topicId, topicName, topicType }` after the follow is saved;
 *   `topics/followed` (`{ topic_id, topic_name, topic_type }`) is published at once, on the bus.
 * @fires {CustomEvent<{ topicId: string, topicName: string, topicType: string }>} vf-topic-unfollowed - The same, for an unfollow (`topics/unfollowed` on the bus).
 *
 * @csspart base - The button, count and notices.
 * @csspart button - The Follow / Following button (`aria-pressed`).
 * @csspart count - The follower count.
 * @csspart error - Loading what the reader follows failed: message and Retry.
 * @csspart failed - A follow or unfollow failed.
 * @csspart offline - The offline notice.
 * @csspart skeleton - Shown while loading.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - The Follow button's background.
 * @cssprop [--vf-color-count=inherit] - Text colour of the count.
 */
export const topicFollowElement: ElementDefinition<TopicFollowProps> = {
  component: TopicFollow,
  props: { topicId: 'string', topicName: 'string', topicType: 'string', showCount: 'boolean', minimumCount: 'number' },
  css: () => import('./styles.css'),
  placeholder: 'none',
  reserve: reserves['vf-topic-follow'],
};
