/**
 * The container the realtime unit tests watch: its subscription rules and id, its comment list's
 * arguments, numbered `created` events, and a store set up to watch it.
 */
import { commentQueriesApi, type CommentsArgs } from '../../../core/api/comments.ts';
import type { BootstrapResult, ContentEvent } from '../../../core/api/types.ts';
import { subscribeRequested } from '../../../core/realtime/slice.ts';
import { containerRules, subscriptionIdFor } from '../../../core/realtime/subscriptionId.ts';
import { bootstrapped } from '../../../core/session/slice.ts';
import { FakeWebSocket } from './fakeWebSocket.ts';
import { CONTAINER, SITE, comment, event } from './fixtures.ts';

export const rules = containerRules(CONTAINER);
export const id = subscriptionIdFor(rules);
export const args: CommentsArgs = { sectionUuid: SITE, containerUuid: CONTAINER, limit: 10, replyLimit: 2, sortedBy: 'newest' };
export const created = (seq: number): ContentEvent => event({ event: 'created', seq, content: comment({ content: `#${seq}`, date_created: seq }) });
/** The socket the store opened last. */
export const socket = () => FakeWebSocket.instances.at(-1)!;

/** A guest's bootstrap answer on the test site. */
export const guestBootstrap = (): BootstrapResult => ({
  user: null,
  settings: {} as BootstrapResult['settings'],
  sectionTree: { section_id: SITE, name: 'S', children: [] },
  section_uuid: SITE,
  session: '',
});

/** Bootstraps the store as a guest, loads the container's first page, subscribes to it and opens the socket. */
export async function watchContainer(store: { dispatch: (action: any) => any }): Promise<void> {
  store.dispatch(bootstrapped(guestBootstrap()));
  await store.dispatch(commentQueriesApi.endpoints.comments.initiate(args));
  store.dispatch(subscribeRequested({ id, rules }));
  socket().open();
}
