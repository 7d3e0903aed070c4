/** Small builders for comments and cached pages. */
import type { Comment, CommentPage, ContentEvent, User } from '../../../core/api/types.ts';
import type { CommentPages } from '../../../core/api/commentCache.ts';

export const SITE = '11111111-2222-4333-8444-555555555555';
export const CONTAINER = '22222222-2222-4333-8444-555555555555';

let counter = 0;
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-9000-${counter.toString(16).padStart(12, '0')}`;
}

export function comment(overrides: Partial<Comment> = {}): Comment {
  const id = overrides.content_uuid ?? uuid();
  return {
    content_uuid: id,
    content: 'text',
    actor_uuid: 'actor',
    actor: { uuid: 'actor', name: 'A', pic_small: null },
    parent_uuid: null,
    parent_actor_uuid: null,
    thread_uuid: id,
    content_container_uuid: CONTAINER,
    section_uuid: SITE,
    state: 'visible',
    date_created: 0,
    date_edited: null,
    is_edited: false,
    is_picked: false,
    is_pinned: false,
    total_likes: 0,
    total_dislikes: 0,
    total_replies: 0,
    total_direct_replies: 0,
    actions: { liked: false, disliked: false },
    replies: [],
    ...overrides,
  };
}

export function reply(thread: Comment, overrides: Partial<Comment> = {}): Comment {
  return comment({ parent_uuid: thread.content_uuid, thread_uuid: thread.content_uuid, replies: undefined, ...overrides });
}

export function page(contents: Comment[], next: string | null = null, total = contents.length): CommentPage {
  return { contents, next_starting_from: next, more_available: next !== null, total_visible_content: total };
}

export function pages(...list: CommentPage[]): CommentPages {
  return { pages: list, pageParams: list.map((_, i) => (i === 0 ? null : `p${i}`)) };
}

export function event(overrides: Partial<ContentEvent>): ContentEvent {
  return {
    event: 'created',
    content_type: 'comments',
    section_uuid: SITE,
    content_container_uuid: CONTAINER,
    content_uuid: '',
    actor_uuid: 'someone',
    time: 0,
    seq: 1,
    ...overrides,
  } as ContentEvent;
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    uuid: '33333333-2222-4333-8444-555555555555',
    name: 'Reader',
    user_privilege: 'user',
    anonymous: false,
    ban_level: 'none',
    pic_small: null,
    pic_large: null,
    date_created: 0,
    comments_made: 0,
    likes_made: 0,
    likes_received: 0,
    ...overrides,
  };
}
