/**
 * A page of a user's notifications as the tray shows it (docs/notifications.md "NotificationFeed"):
 * the rows still worth showing (content.md §4: actor known, not muted, not hidden by a ban; content
 * visible), grouped by grouping key, with the actors, contents and broadcasts they point at.
 */
import type { FastifyInstance } from 'fastify';
import { LEGAL_NOTIFICATION_TYPES, type Notification, type NotificationContent, type NotificationFeed, type NotificationGroup, type NotificationStatus, type NotificationType } from '../../core/api/notificationTypes.ts';
import type { ContentType } from '../../core/api/types.ts';
import { hiddenByBan } from '../engine/bans.ts';
import { mutedBy } from '../engine/mutes.ts';
import { countNew } from './queries.ts';
import type { NotificationsTable } from '../storage/schema.ts';
import { broadcastOf } from './create.ts';
import { excerpt } from './excerpt.ts';
import { unique } from './unique.ts';
import { pageOfContainer } from '../pages/index.ts';

function serviceOf(type: string, contentType: ContentType | undefined): Notification['service_type'] {
  if (type.startsWith('broadcast')) return 'broadcast';
  if (type === 'follow' || !contentType) return 'users';
  if (contentType === 'chat_message') return 'chat';
  return contentType.includes('liveblog') ? 'liveblog' : 'comments';
}


export async function buildFeed(app: FastifyInstance, user: { uuid: string; site_uuid: string }, rows: NotificationsTable[]): Promise<NotificationFeed> {
  const db = app.db;
  const broadcastUuids = unique(rows.filter((r) => r.type.startsWith('broadcast')).map((r) => r.target_uuid));
  const actorUuids = unique(rows.map((r) => r.actor_uuid));
  const contentUuids = unique(rows.map((r) => r.content_uuid));
  const [actors, contents, broadcasts, muted, hidden, fresh] = await Promise.all([
    actorUuids.length ? db.selectFrom('users').select(['uuid', 'name', 'pic_small', 'is_muted']).where('uuid', 'in', actorUuids).execute() : [],
    contentUuids.length
      ? db.selectFrom('contents').select(['uuid', 'type', 'content', 'state', 'container_uuid', 'thread_uuid', 'is_picked']).where('uuid', 'in', contentUuids).execute()
      : [],
    broadcastUuids.length ? db.selectFrom('broadcasts').selectAll().where('uuid', 'in', broadcastUuids).execute() : [],
    mutedBy(db, user.uuid),
    hiddenByBan(db, actorUuids),
    countNew(db, user.uuid),
  ]);
  const actorByUuid = new Map(actors.filter((a) => a.is_muted !== 1 && !muted.has(a.uuid) && !hidden.has(a.uuid)).map((a) => [a.uuid, a]));
  const contentByUuid = new Map(contents.filter((c) => c.state === 'visible').map((c) => [c.uuid, c]));
  const broadcastByUuid = new Map(broadcasts.map((b) => [b.uuid, broadcastOf(b)]));
  const shown = rows.filter((r) => {
    if (r.type.startsWith('broadcast')) return r.target_uuid !== null && broadcastByUuid.has(r.target_uuid);
    if (LEGAL_NOTIFICATION_TYPES.has(r.type as NotificationType)) return true;
    return actorByUuid.has(r.actor_uuid) && (r.content_uuid === null || contentByUuid.has(r.content_uuid));
  });
  const urls = await pageUrls(app, user.site_uuid, unique(shown.map((r) => r.container_uuid)));

  const notifications: Notification[] = shown.map((r) => {
    const content = r.content_uuid ? contentByUuid.get(r.content_uuid) : undefined;
    return {
      notification_uuid: r.uuid,
      notification_type: r.type as NotificationType,
      service_type: serviceOf(r.type, content?.type),
      grouping_key: r.grouping_key,
      section_uuid: r.site_uuid,
      content_container_uuid: r.container_uuid,
      content_uuid: r.content_uuid,
      thread_uuid: content?.thread_uuid ?? null,
      target_uuid: r.target_uuid,
      actor_uuid: r.actor_uuid,
      actor_type: 'user',
      status: r.status as NotificationStatus,
      time: Number(r.date_created),
    };
  });
  const groups = new Map<string, NotificationGroup>();
  for (const n of notifications) {
    const group = groups.get(n.grouping_key);
    if (group) group.notifications.push(n.notification_uuid);
    else {
      groups.set(n.grouping_key, {
        grouping_key: n.grouping_key, section_uuid: n.section_uuid, content_container_uuid: n.content_container_uuid,
        thread_uuid: n.thread_uuid, notification_type: n.notification_type, service_type: n.service_type, notifications: [n.notification_uuid],
      });
    }
  }
  const feedContents: Record<string, NotificationContent> = {};
  for (const c of contentByUuid.values()) {
    const page = urls.get(c.container_uuid);
    feedContents[c.uuid] = {
      content_uuid: c.uuid, excerpt: excerpt(c.content), container_uuid: c.container_uuid, thread_uuid: c.thread_uuid,
      url: page ? `${page.url}#vf-${c.uuid}` : null, title: page?.title ?? null, is_picked: c.is_picked === 1,
    };
  }
  // Who took a decision about the reader is not theirs to see (the moderator, or an automatic rule).
  const shownActors = new Set(shown.filter((r) => !LEGAL_NOTIFICATION_TYPES.has(r.type as NotificationType)).map((r) => r.actor_uuid));
  return {
    notifications,
    groups: [...groups.values()],
    actors: Object.fromEntries([...actorByUuid.values()].filter((a) => shownActors.has(a.uuid)).map((a) => [a.uuid, { uuid: a.uuid, name: a.name, pic_small: a.pic_small ?? null }])),
    contents: feedContents,
    broadcasts: Object.fromEntries([...broadcastByUuid]),
    counts: { new: fresh },
    channel: app.auth.notificationChannel(user.uuid),
  };
}

/** The page each container is on, where known. */
async function pageUrls(app: FastifyInstance, site: string, containerUuids: string[]): Promise<Map<string, { url: string; title: string }>> {
  if (containerUuids.length === 0) return new Map();
  const rows = await app.db
    .selectFrom('containers')
    .innerJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(app.db)))
    .select(['containers.uuid', 'pages.url', 'pages.title'])
    .where('containers.site_uuid', '=', site)
    .where('containers.uuid', 'in', containerUuids)
    .execute();
  return new Map(rows.map((row) => [row.uuid, { url: row.url, title: row.title }]));
}
