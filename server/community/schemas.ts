/**
 * Response schemas of the community reads (community/routes.ts): a community list (comments as
 * contentSchemas.ts shows them, with their page), a thread list and the top users.
 * Serialising through them keeps every field not named here out of the response.
 */
import { contentItem, count, listedItem, nullable } from '../engine/schemas.ts';
import { answers } from '../routes/schemas.ts';

const comment = contentItem;

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
    contents: { type: 'array', items: listedItem(comment) },
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
