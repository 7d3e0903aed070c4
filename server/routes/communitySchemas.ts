/**
 * Response schemas of the community reads (routes/community.ts): a comment as any viewer may be
 * sent it (core/api/types.ts `Comment`), a community list, a thread list and the top users.
 * Serialising through them keeps every field not named here out of the response.
 */
import { answers } from './schemas.ts';

const nullable = (type: string) => ({ type: [type, 'null'] });
const count = { type: 'integer' };

const comment = {
  type: 'object',
  properties: {
    content_uuid: { type: 'string' },
    content: { type: 'string' },
    type: { type: 'string' },
    actor_uuid: { type: 'string' },
    actor: {
      type: 'object',
      properties: { uuid: { type: 'string' }, name: { type: 'string' }, pic_small: nullable('string'), role: { type: 'string' } },
      required: ['uuid', 'name'],
    },
    is_anonymous: { type: 'boolean' },
    parent_uuid: nullable('string'),
    parent_actor_uuid: nullable('string'),
    thread_uuid: { type: 'string' },
    content_container_uuid: { type: 'string' },
    section_uuid: { type: 'string' },
    state: { type: 'string' },
    state_reasons: { type: 'array', items: { type: 'string' } },
    date_created: count,
    date_edited: nullable('integer'),
    is_edited: { type: 'boolean' },
    is_picked: { type: 'boolean' },
    is_pinned: { type: 'boolean' },
    date_pinned: nullable('integer'),
    date_locked: nullable('integer'),
    total_flags: count,
    total_likes: count,
    total_dislikes: count,
    total_replies: count,
    total_direct_replies: count,
    actions: {
      type: 'object',
      properties: { liked: { type: 'boolean' }, disliked: { type: 'boolean' }, flagged: { type: 'boolean' } },
    },
  },
  required: ['content_uuid', 'content', 'actor', 'thread_uuid', 'content_container_uuid', 'state', 'date_created', 'total_likes', 'total_replies'],
} as const;


const communityComment = {
  ...comment,
  properties: {
    ...comment.properties,
    page: { anyOf: [{ type: 'null' }, { type: 'object', properties: { title: { type: 'string' }, url: { type: 'string' } }, required: ['title', 'url'] }] },
  },
};

/** `{ result: { contents: [comment with its page], more_available } }`. */
export const communityListResponse = answers({
  type: 'object',
  properties: { contents: { type: 'array', items: communityComment }, more_available: { type: 'boolean' } },
  required: ['contents', 'more_available'],
});

/** `{ result: { contents: [top-level comment with its first replies], more_available } }`. */
export const threadListResponse = answers({
  type: 'object',
  properties: {
    contents: { type: 'array', items: { ...comment, properties: { ...comment.properties, replies: { type: 'array', items: comment } } } },
    more_available: { type: 'boolean' },
  },
  required: ['contents', 'more_available'],
});

/** `{ result: { users: [top user] } }`: the client shows one fewer than it asks for, the last tells there are more. */
export const topUsersResponse = answers({
  type: 'object',
  properties: {
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          uuid: { type: 'string' }, name: { type: 'string' }, pic_small: nullable('string'),
          comments: count, likes_received: count, date_following: nullable('integer'),
        },
        required: ['uuid', 'name', 'pic_small', 'comments', 'likes_received'],
      },
    },
  },
  required: ['users'],
});
