/** What follows offers the other features (docs/architecture.md): import these from here, not from its files. */
export { followedSince, unfollow } from './follows.ts';
export { mutedSince } from './mutes.ts';
export { followPage, followsPage, pageFollowersOfContainer, pagesOf, unfollowPage } from './pageFollows.ts';
export { LIST_LIMIT, checkedTarget, followAndNotify } from './routes.ts';
export { MAX_FOLLOWED_TOPICS, followTopic, topicFollowerCount, topicFollowers, topicStanding, topicsOf, unfollowTopic } from './topicFollows.ts';
