/**
 * The tray's feed view (content.md §4 "Notifications"; docs/elements.md "<vf-tray>"): the
 * signed-in reader's notifications, one entry per group under the headings today / last week /
 * older, filtered by all, likes, replies or editor's picks. Opening the feed marks new ones seen;
 * following one marks its group read; Mark all as read and Delete act at once (rolled back on
 * failure). Notifications that arrive live are announced politely. Loading, empty (per filter),
 * error (with retry) and offline states; a guest is asked to log in. Moderators and admins also
 * get the broadcast composer.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import {
  useDeleteNotificationMutation, useMarkNotificationsReadMutation, useMarkNotificationsSeenMutation, type FeedFilter,
} from '../../core/api/notifications.ts';
import { getTrayState, subscribeTray, trayActions } from '../../core/mount/tray.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { feedGroups, sectionGroups, type FeedGroupView } from '../../core/notifications/grouping.ts';
import { useMutedUsers, useNotificationFeed } from '../../core/notifications/useNotificationFeed.ts';
import { isPrivileged } from '../../core/permissions/rules.ts';
import { isLoggedInUser, selectCurrentUser, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useNow } from '../ui/useNow.ts';
import { useT } from '../ui/useIntl.ts';
import { FeedFilters } from './FeedFilters.tsx';
import { FeedItem } from './FeedItem.tsx';
import { useAutoClear } from './useAutoClear.ts';
import { TrayGuest } from './TrayGuest.tsx';

/** Staff only: its own chunk, so a reader's tray does not carry it. */
const LazyBroadcastComposer = lazyChunk(() => import('./BroadcastComposer.tsx').then((module) => module.BroadcastComposer), 3);

export function Feed() {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  if (status !== 'ready') return <Skeleton label={t('base.tray.loading')} />;
  if (!isLoggedInUser(user)) return <FeedGuest />;
  return (
    <div className="vf-feed" part="feed">
      {isPrivileged(user) && <LazyBroadcastComposer />}
      <FeedList key={user.uuid} />
    </div>
  );
}

function FeedGuest() {
  const t = useT();
  return <TrayGuest reason="feed" text={t('base.tray.feed.guest')} className="vf-feed vf-feed--guest" part="feed" />;
}

/** Same page, other fragment: the browser scrolls to the content without leaving the page. */
function isSameDocument(url: URL): boolean {
  return url.origin === location.origin && url.pathname === location.pathname && url.search === location.search;
}

function FeedList() {
  const t = useT();
  const sectionUuid = useAppSelector(selectSectionUuid)!;
  const online = useAppSelector(selectIsOnline);
  const open = useSyncExternalStore(subscribeTray, () => getTrayState().open);
  const [filter, setFilter] = useState<FeedFilter>('all');
  const feed = useNotificationFeed(filter);
  const muted = useMutedUsers();
  const now = useNow();
  const [markSeen] = useMarkNotificationsSeenMutation();
  const [markRead] = useMarkNotificationsReadMutation();
  const [remove] = useDeleteNotificationMutation();
  const [failure, setFailure] = useAutoClear();
  const groups = useMemo(() => (feed.data ? feedGroups(feed.data, muted) : []), [feed.data, muted]);
  const announcement = useArrivals(groups, filter, Boolean(feed.data));

  // content.md §4: opening the feed moves new notifications to seen (also ones arriving while
  // open). Once per answer of the list: a failed call is not repeated until it answers again.
  const unseen = feed.data?.counts.new ?? 0;
  const seenFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!open || !online || unseen === 0 || seenFor.current === feed.fulfilledTimeStamp) return;
    seenFor.current = feed.fulfilledTimeStamp;
    void markSeen({ sectionUuid, uuids: 'all' });
  }, [open, online, unseen, feed.fulfilledTimeStamp, markSeen, sectionUuid]);

  const run = (action: Promise<unknown>) => action.catch(() => setFailure(t('base.tray.feed.failed')));
  const unreadOf = (group: FeedGroupView) => group.members.filter((n) => n.status !== 'read').map((n) => n.notification_uuid);

  const onOpen = (group: FeedGroupView, event: MouseEvent<HTMLElement>, url: string | null) => {
    const unread = unreadOf(group);
    const marking = unread.length ? run(markRead({ sectionUuid, uuids: unread }).unwrap()) : Promise.resolve();
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!url || !plain) return; // a new tab or window: this page stays
    if (isSameDocument(new URL(url, location.href))) {
      trayActions.close();
      return;
    }
    // Leaving the page would cancel the call: go once it is done.
    event.preventDefault();
    void marking.finally(() => location.assign(url));
  };
  const onDelete = (group: FeedGroupView) =>
    void run(Promise.all(group.members.map((n) => remove({ sectionUuid, uuid: n.notification_uuid }).unwrap())));
  const hasUnread = groups.some((group) => group.status !== 'read');

  let body;
  if (feed.data && groups.length > 0) {
    body = sectionGroups(groups, now).map(({ section, groups: inSection }) => (
      <section key={section} className="vf-feed__section" aria-labelledby={`vf-feed-${section}`}>
        <h3 id={`vf-feed-${section}`} className="vf-feed__heading">
          {t(`base.tray.feed.heading.${section}`)}
        </h3>
        <ul className="vf-feed__list" role="list">
          {inSection.map((group) => (
            <FeedItem key={group.key} group={group} onOpen={onOpen} onDelete={onDelete} />
          ))}
        </ul>
      </section>
    ));
  } else if (feed.data) {
    body = <p className="vf-tray__empty" part="empty">{t(filter === 'all' ? 'base.tray.feed.empty' : `base.tray.feed.empty.${filter}`)}</p>;
  } else if (feed.isError && online) {
    body = (
      <div className="vf-state vf-state--error" part="error" role="alert">
        <p>{t('base.tray.feed.error')}</p>
        <Button onClick={() => void feed.refetch()}>{t('base.tray.feed.retry')}</Button>
      </div>
    );
  } else if (online) {
    body = <Skeleton lines={4} label={t('base.tray.loading')} />;
  }

  return (
    <>
      <div className="vf-feed__bar">
        <FeedFilters value={filter} onChange={setFilter} />
        <Button variant="ghost" disabled={!hasUnread} onClick={() => void run(markRead({ sectionUuid, uuids: 'all' }).unwrap())}>
          {t('base.tray.feed.markAllRead')}
        </Button>
      </div>
      {!online && (
        <p className="vf-feed__offline" part="offline" role="status">
          {t('base.tray.feed.offline')}
        </p>
      )}
      <ErrorAlert message={failure} />
      <p className="vf-visually-hidden" role="status">
        {announcement}
      </p>
      {body}
    </>
  );
}

/** "2 new notifications" when notifications appear in the list after its first answer (live, or back online). */
function useArrivals(groups: FeedGroupView[], filter: FeedFilter, loaded: boolean): string | null {
  const t = useT();
  const known = useRef<{ filter: FeedFilter; uuids: Set<string> } | null>(null);
  const [message, setMessage] = useAutoClear();
  useEffect(() => {
    if (!loaded) return;
    const uuids = new Set(groups.flatMap((group) => group.members.map((n) => n.notification_uuid)));
    const before = known.current?.filter === filter ? known.current.uuids : null;
    const arrived = before ? [...uuids].filter((uuid) => !before.has(uuid)).length : 0;
    if (arrived > 0) setMessage(t('base.tray.feed.live', { count: arrived }));
    known.current = { filter, uuids };
  }, [groups, filter, loaded, t, setMessage]);
  return message;
}
