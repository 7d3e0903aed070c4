/**
 * Response schemas of the content engine's calls (comments, live blogs, chats, reviews) and of
 * the community reads: a content item as any viewer may be sent it (core/api/types.ts `Comment`),
 * its author, a container, a page of items, a person's public face. Serialising through them
 * keeps every field not named here out of the answer: an author's email, IP or login id never
 * ride along with a comment, whatever the presenter was handed.
 */
import { HOLD_RULES } from '../../core/moderation/types.ts';
import { answers } from '../routes/schemas.ts';

export const nullable = (type: string) => ({ type: [type, 'null'] }) as const;
export const count = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;

/** An object of exactly these properties (others are dropped on the way out). */
export const shape = (properties: Record<string, object>, required: string[] = []) =>
  ({ type: 'object', additionalProperties: false, properties, required }) as const;

/** The author as embedded in each item: name and picture, the editor's role on a live blog. */
export const actor = shape({ uuid: text, name: text, pic_small: nullable('string'), role: text }, ['uuid', 'name']);

/** An image a live-blog post shows (docs/api.md "liveblog"), as the upload call answers it. */
export const mediaItem = shape(
  { media_uuid: text, url: text, content_type: text, width: count, height: count },
  ['media_uuid', 'url', 'content_type', 'width', 'height'],
);

/** Why automatic moderation held or rejected an item (core/moderation/types.ts HoldReason). */
export const holdReason = shape({
  rule: { type: 'string', enum: [...HOLD_RULES] },
  word: text,
  match: { type: 'array', items: count, minItems: 2, maxItems: 2 },
  link: text,
  scorer: { type: 'string', enum: ['akismet', 'perspective'] },
  score: { type: 'number' },
  limit: count,
}, ['rule']);

const itemProperties = {
  content_uuid: text,
  content: text,
  type: text,
  media: { type: 'array', items: mediaItem },
  actor_uuid: text,
  actor,
  is_anonymous: flag,
  parent_uuid: nullable('string'),
  parent_actor_uuid: nullable('string'),
  thread_uuid: text,
  content_container_uuid: text,
  section_uuid: text,
  state: text,
  /** The viewer's own held item, or a moderator's view. */
  state_reasons: { type: 'array', items: text },
  /** Its author's own held or rejected item, or a moderator's view. */
  moderation_reason: holdReason,
  date_created: count,
  date_edited: nullable('integer'),
  is_edited: flag,
  is_picked: flag,
  is_pinned: flag,
  date_pinned: nullable('integer'),
  date_locked: nullable('integer'),
  /** Moderators only (the presenter leaves it out for others). */
  total_flags: count,
  total_likes: count,
  total_dislikes: count,
  total_replies: count,
  total_direct_replies: count,
  actions: shape({ liked: flag, disliked: flag, flagged: flag }),
};
const itemRequired = ['content_uuid', 'content', 'actor', 'thread_uuid', 'content_container_uuid', 'state', 'date_created', 'total_likes', 'total_replies'];

/** A content item with a kind's own fields (a review's stars and title) beside the engine's. */
export const itemWith = (extra: Record<string, object> = {}) => shape({ ...itemProperties, ...extra }, itemRequired);

/** A comment, live-blog post, chat message or reply. */
export const contentItem = itemWith();

/** An item of a list: a top-level comment also carries its thread's first replies. */
export const listedItem = (item: ReturnType<typeof itemWith>) => ({ ...item, properties: { ...item.properties, replies: { type: 'array', items: item } } });

/** A container's settings (closed, hidden, held; a chat's slow mode). */
const containerSettings = shape({ is_hidden: flag, is_closed: flag, is_premoderated: flag, slow_mode_seconds: count }, ['is_hidden', 'is_closed']);

const containerProperties = {
  content_container_uuid: text,
  container_id: text,
  section_uuid: text,
  total_visible_content: count,
  settings: containerSettings,
  signature: text,
};
const containerRequired = ['content_container_uuid', 'container_id', 'section_uuid', 'total_visible_content', 'settings'];

/** A content container (core/api/types.ts `Container`). */
export const container = shape(containerProperties, containerRequired);

/** A page of a kind's items; a live blog's first page also carries its pinned posts. */
function pageProperties(item: object) {
  return {
    contents: { type: 'array', items: item },
    next_starting_from: nullable('string'),
    more_available: flag,
    total_visible_content: count,
    latest_seq: count,
    pinned: { type: 'array', items: item },
  };
}
const pageRequired = ['contents', 'next_starting_from', 'more_available', 'total_visible_content'];

export const page = (item: object) => shape(pageProperties(item), pageRequired);
/** `GET /{s}?container_id=`: the container with its first page. */
export const containerWithPage = (item: object) => shape({ ...containerProperties, ...pageProperties(item) }, [...new Set([...containerRequired, ...pageRequired])]);

/**
 * A person as anyone may see them (core/api/types.ts `User`, public part): never their email,
 * their external login's id, or what waits for a moderator, even for themselves or a moderator
 * (they read those through their own account calls).
 */
export const publicUser = shape(
  {
    id: count, uuid: text, name: text, user_privilege: text, anonymous: flag, ban_level: text,
    pic_small: nullable('string'), pic_large: nullable('string'), date_created: count,
    comments_made: count, likes_made: count, likes_received: count, is_muted: flag,
  },
  ['uuid', 'name'],
);

/**
 * A content event of the log (core/api/types.ts `ContentEvent`): the item after the change
 * (viewer-neutral), a total, or the container's settings. Poll events are not logged.
 */
export const contentEvent = shape(
  {
    event: text, content_type: text, section_uuid: text, content_container_uuid: text, content_uuid: text, actor_uuid: text,
    content: contentItem, total_likes: count, total_dislikes: count, settings: containerSettings, time: count, seq: count,
  },
  ['event', 'content_type', 'section_uuid', 'content_container_uuid', 'content_uuid', 'actor_uuid', 'time', 'seq'],
);

/** `{ result: { contents, more_available } }`: a list of items without paging by uuid. */
export const itemsAnswer = (item: object) => answers(shape({ contents: { type: 'array', items: item }, more_available: flag }, ['contents', 'more_available']));
