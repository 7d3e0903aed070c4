/**
 * The tray feed's view of a `NotificationFeed` (content.md §4 "Notifications"), pure: which
 * notifications show (actor known and not muted, content still there), one entry per group
 * with its status (new if any member is new, else seen if any is, else read), and the
 * headings today / last week / older by the reader's local day. Also the edits the feed's
 * mutations make to a cached feed (status forward only, delete).
 */
import {
  type Broadcast, LEGAL_NOTIFICATION_TYPES, type Notification, type NotificationActor, type NotificationContent, type NotificationFeed,
  type NotificationStatus, type NotificationType,
} from '../api/notificationTypes.ts';

export interface FeedGroupView {
  key: string;
  type: NotificationType;
  status: NotificationStatus;
  /** The newest member's time. */
  time: number;
  /** Visible members, newest first. */
  members: Notification[];
  /** Distinct actors, newest first. */
  actors: NotificationActor[];
  content: NotificationContent | null;
  broadcast: Broadcast | null;
}

export type DaySection = 'today' | 'lastWeek' | 'older';
export const DAY_SECTIONS: readonly DaySection[] = ['today', 'lastWeek', 'older'];

const RANK: Record<NotificationStatus, number> = { new: 0, seen: 1, read: 2 };

/** content.md §4: unread (new) if any member is, otherwise seen if any is, otherwise read. */
export function groupStatus(statuses: readonly NotificationStatus[]): NotificationStatus {
  if (statuses.includes('new')) return 'new';
  return statuses.includes('seen') ? 'seen' : 'read';
}

const isBroadcast = (type: NotificationType) => type === 'broadcast_site' || type === 'broadcast_topic';

/** What a notification is about on its page: the reply itself, or my content that was liked. */
export function contentOf(feed: NotificationFeed, n: Notification): NotificationContent | null {
  return (n.content_uuid && feed.contents[n.content_uuid]) || (n.target_uuid && feed.contents[n.target_uuid]) || null;
}

/**
 * content.md §4: shown only if the actor is known and not muted and the content is not spam or
 * disabled (the server leaves such content out of `contents`, so content that is named but
 * missing is not shown). Mutes made on this page count at once.
 */
export function isShown(feed: NotificationFeed, n: Notification, muted: ReadonlySet<string>): boolean {
  if (LEGAL_NOTIFICATION_TYPES.has(n.notification_type)) return true;
  if (!feed.actors[n.actor_uuid] || muted.has(n.actor_uuid)) return false;
  if (isBroadcast(n.notification_type)) return Boolean(n.target_uuid && feed.broadcasts[n.target_uuid]);
  return !n.content_uuid || contentOf(feed, n) !== null;
}

/** One entry per group with at least one shown member, newest first. */
export function feedGroups(feed: NotificationFeed, muted: ReadonlySet<string> = new Set()): FeedGroupView[] {
  const byUuid = new Map(feed.notifications.map((n) => [n.notification_uuid, n]));
  const views: FeedGroupView[] = [];
  for (const group of feed.groups) {
    const members = group.notifications
      .map((uuid) => byUuid.get(uuid))
      .filter((n): n is Notification => n !== undefined && isShown(feed, n, muted))
      .sort((a, b) => b.time - a.time);
    const newest = members[0];
    if (!newest) continue;
    const actors = [...new Set(members.map((n) => n.actor_uuid))].flatMap((uuid) => feed.actors[uuid] ?? []);
    views.push({
      key: group.grouping_key,
      type: group.notification_type,
      status: groupStatus(members.map((n) => n.status)),
      time: newest.time,
      members,
      actors,
      content: contentOf(feed, newest),
      broadcast: (newest.target_uuid && feed.broadcasts[newest.target_uuid]) || null,
    });
  }
  return views.sort((a, b) => b.time - a.time);
}

/** Local midnight of the day `time` falls on. */
function startOfDay(time: number): number {
  const d = new Date(time);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Today (the reader's local day), last week (the 7 days before today) or older. */
export function daySection(time: number, now: number): DaySection {
  const today = startOfDay(now);
  if (time >= today) return 'today';
  const weekAgo = new Date(today);
  weekAgo.setDate(weekAgo.getDate() - 7);
  return time >= weekAgo.getTime() ? 'lastWeek' : 'older';
}

/** The groups under their headings, in heading order; headings without groups are left out. */
export function sectionGroups(groups: readonly FeedGroupView[], now: number): { section: DaySection; groups: FeedGroupView[] }[] {
  return DAY_SECTIONS.map((section) => ({ section, groups: groups.filter((g) => daySection(g.time, now) === section) }))
    .filter((entry) => entry.groups.length > 0);
}

/**
 * Moves the named notifications (or every one) forward to `to`; status never moves back
 * (new → seen → read). Keeps `counts.new` in step. Mutates (an immer draft in the cache).
 */
export function advanceStatus(feed: NotificationFeed, uuids: readonly string[] | 'all', to: NotificationStatus): void {
  const named = uuids === 'all' ? null : new Set(uuids);
  for (const n of feed.notifications) {
    if ((named && !named.has(n.notification_uuid)) || RANK[n.status] >= RANK[to]) continue;
    if (n.status === 'new') feed.counts.new = Math.max(0, feed.counts.new - 1);
    n.status = to;
  }
  // counts.new counts every new notification of the user, also ones this list does not hold.
  if (uuids === 'all') feed.counts.new = 0;
}

/** Takes a notification out of the feed (and its group, dropped when empty). Mutates. */
export function removeNotification(feed: NotificationFeed, uuid: string): void {
  const at = feed.notifications.findIndex((n) => n.notification_uuid === uuid);
  if (at < 0) return;
  if (feed.notifications[at]!.status === 'new') feed.counts.new = Math.max(0, feed.counts.new - 1);
  feed.notifications.splice(at, 1);
  for (const group of feed.groups) group.notifications = group.notifications.filter((u) => u !== uuid);
  feed.groups = feed.groups.filter((group) => group.notifications.length > 0);
}
