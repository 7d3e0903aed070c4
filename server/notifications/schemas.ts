/**
 * The answers of the notification and subscription calls (docs/notifications.md; their shapes
 * in core/api/notificationTypes.ts). A feed names its actors by name and picture only, and a
 * follow list its people the same way: nothing else about them leaves through these calls.
 */
import { count, nullable, shape } from '../engine/schemas.ts';
import { answers } from '../routes/schemas.ts';

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const byUuid = (item: object) => ({ type: 'object', additionalProperties: item }) as const;

const notification = shape(
  {
    notification_uuid: text, notification_type: text, service_type: text, grouping_key: text, section_uuid: text,
    content_container_uuid: nullable('string'), content_uuid: nullable('string'), thread_uuid: nullable('string'),
    target_uuid: nullable('string'), actor_uuid: text, actor_type: text, status: text, time: count,
  },
  ['notification_uuid', 'notification_type', 'service_type', 'grouping_key', 'status', 'time'],
);
const group = shape(
  {
    grouping_key: text, section_uuid: text, content_container_uuid: nullable('string'), thread_uuid: nullable('string'),
    notification_type: text, service_type: text, notifications: { type: 'array', items: text },
  },
  ['grouping_key', 'notification_type', 'notifications'],
);
const actor = shape({ uuid: text, name: text, pic_small: nullable('string') }, ['uuid', 'name', 'pic_small']);
const content = shape(
  { content_uuid: text, excerpt: text, container_uuid: text, thread_uuid: text, url: nullable('string'), title: nullable('string'), is_picked: flag },
  ['content_uuid', 'excerpt', 'container_uuid', 'thread_uuid', 'url', 'title', 'is_picked'],
);

/** A moderator's or admin's broadcast (core/api/notificationTypes.ts `Broadcast`). */
export const broadcast = shape(
  {
    notification_uuid: text, notification_type: text, actor_uuid: text, section_uuid: text, target_title: text, target_description: text,
    target_url: nullable('string'), target_image_url: nullable('string'), target_image_alt: nullable('string'), target_topic_id: nullable('string'), time: count,
  },
  ['notification_uuid', 'notification_type', 'target_title', 'time'],
);

/** `GET …/all` and `…/mentions/{c}`: a `NotificationFeed`. */
export const feedAnswer = answers(shape(
  {
    notifications: { type: 'array', items: notification }, groups: { type: 'array', items: group },
    actors: byUuid(actor), contents: byUuid(content), broadcasts: byUuid(broadcast), counts: shape({ new: count }, ['new']), channel: text,
  },
  ['notifications', 'groups', 'actors', 'contents', 'broadcasts', 'counts', 'channel'],
));

export const deletedAnswer = answers(shape({ notification_uuid: text, deleted: flag }, ['notification_uuid', 'deleted']));
export const statusAnswer = answers(shape({ notification_uuid: text, status: text }, ['notification_uuid', 'status']));
export const broadcastAnswer = answers(shape({ broadcast, recipients: count }, ['broadcast', 'recipients']));

const topic = shape({ topic_id: text, topic_name: text, topic_type: text, date_created: count }, ['topic_id', 'topic_name', 'topic_type', 'date_created']);
export const topicAnswer = answers(topic);
export const unfollowedTopicAnswer = answers(shape({ topic_id: text, followed: flag }, ['topic_id', 'followed']));
export const topicsAnswer = answers(shape({ items: { type: 'array', items: topic } }, ['items']));
export const topicCountAnswer = answers(shape({ count }, ['count']));

const followItem = shape({ user_uuid: text, name: text, pic_small: nullable('string'), date_created: count, type: text }, ['user_uuid', 'name', 'pic_small', 'date_created', 'type']);
export const followListAnswer = answers(shape({ total_count: count, items: { type: 'array', items: followItem } }, ['total_count', 'items']));
export const userFollowAnswer = answers(shape({ user_uuid: text, date_created: nullable('integer') }, ['user_uuid', 'date_created']));

const followedPage = shape({ page_uuid: text, title: text, url: text, date_created: count }, ['page_uuid', 'title', 'url', 'date_created']);
export const pagesAnswer = answers(shape({ items: { type: 'array', items: followedPage } }, ['items']));
export const pageFollowAnswer = answers(shape({ page_uuid: text, subscribed: flag }, ['page_uuid', 'subscribed']));
