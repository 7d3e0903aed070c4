import type { ComponentProps } from 'react';
import { Users } from '../community/CommunityViews.tsx';
import type { ElementDefinition } from '../ui/defineElement.ts';
import reserves from '../reserves.json';

/**
 * The site's top users: the readers with the most visible comments plus likes received on them
 * in the last `days`, five shown (six are fetched: a sixth adds "…and more active readers";
 * content.md §9), each with picture, name, counters and Follow / Following. A guest pressing
 * Follow is asked to log in, and the follow happens once they have. Ghost- and hide-banned users
 * and users the reader muted are never listed.
 *
 * @summary Top users (platform.md container type users), lazily loaded.
 *
 * @attr {number} days - The window in days: an integer 1–30, else 30.
 *
 * @fires {CustomEvent<{ uuid: string, name: string }>} vf-user-followed - `{ uuid, name }` after a follow is saved; also on the bus.
 * @fires {CustomEvent<{ uuid: string, name: string }>} vf-user-unfollowed - `{ uuid, name }` after an unfollow is saved; also on the bus.
 *
 * @csspart base - The titled section.
 * @csspart heading - Its title.
 * @csspart list - The list of users.
 * @csspart user - One user.
 * @csspart avatar - Their picture or initials.
 * @csspart name - Their name.
 * @csspart counters - Their comments and likes received.
 * @csspart button - Follow / Following (`aria-pressed`).
 * @csspart failed - A follow or unfollow failed.
 * @csspart more - "…and more active readers" (when a sixth user exists).
 * @csspart skeleton - Shown while loading (as tall as the list, so nothing moves).
 * @csspart error - Loading failed: message and Retry.
 * @csspart empty - Nobody commented in the window.
 * @csspart offline - The offline notice; Follow waits for the connection.
 *
 * @cssprop [--vf-color-accent=#0b5cad] - The Follow button's background.
 */
export const usersElement: ElementDefinition<Pick<ComponentProps<typeof Users>, 'days'>> = {
  component: Users,
  props: { days: 'number' },
  css: () => import('../community/styles.css'),
  reserve: reserves['vf-users'],
};
