/**
 * Conversations (comments and their replies): what differs from the other kinds. Any reader
 * starts a thread (comment.create) or answers (reply.create), guests too where the site allows
 * anonymous comments; every order of content.md §5; each comment of a list carries its thread's
 * first replies; premoderation (the site's or the container's) holds readers' comments.
 */
import type { SortOrder, ThreadFilter } from '../../../core/api/types.ts';
import { normaliseComment } from '../../content/normalise.ts';
import { firstRepliesOfThreads, listTopLevel, presenterFor, SORT_ORDERS } from '../../engine/contentQueries.ts';
import { holdsForModeration } from '../../engine/containers.ts';
import { limit, pageOf } from '../../engine/reads.ts';
import type { KindPolicy } from '../../engine/policy.ts';

interface ListQuery {
  limit: number;
  reply_limit: number;
  sorted_by: SortOrder;
  filtered_by: ThreadFilter;
}

export const conversationPolicy: KindPolicy<ListQuery> = {
  kind: 'conversation',
  types: { root: 'comment', reply: 'reply' },
  containerEvents: 'comments',
  rules: {
    root: { subject: 'comment', action: 'create' }, reply: { subject: 'reply', action: 'create' },
    like: { subject: 'comment', action: 'like' }, dislike: { subject: 'comment', action: 'dislike' }, flag: { subject: 'content', action: 'flag' },
  },
  noun: 'comment',
  anonymous: true,
  editorsUnbound: false,
  async checkText(_db, _container, _isReply, input) {
    const text = normaliseComment(input);
    return text.ok ? { ...text, media: null } : text;
  },
  holds: (site, container, privileged) => holdsForModeration(site.settings, container, privileged),
  rateLimited: () => true,
  list: {
    // The first-page options shared by `GET /{s}` and `GET /{s}/{c}/comments` (content.md §5, §7).
    query: {
      limit,
      reply_limit: { type: 'integer', minimum: 0, maximum: 100, default: 2 },
      sorted_by: { type: 'string', enum: SORT_ORDERS, default: 'newest' },
      filtered_by: { type: 'string', enum: ['all_threads', 'featured_threads'], default: 'all_threads' },
    },
    /** A page of top-level comments, each with its thread's first `reply_limit` replies. */
    async page({ db, container, viewer, after }, q) {
      const page = await listTopLevel(db, container.uuid, q.sorted_by, q.limit, after, viewer, q.filtered_by);
      const replies = await firstRepliesOfThreads(db, page.rows.map((r) => r.uuid), q.reply_limit, viewer);
      const shown = await presenterFor(db, viewer, [...page.rows, ...[...replies.values()].flat()]);
      const contents = page.rows.flatMap((row) => {
        const comment = shown(row);
        return comment ? [{ ...comment, replies: (replies.get(row.uuid) ?? []).flatMap((reply) => shown(reply) ?? []) }] : [];
      });
      return pageOf(page, contents, container, viewer);
    },
  },
  paths: {
    roots: 'comments',
    reply: 'comments/:content_uuid',
    read: 'comments/:content_uuid',
    remove: 'comments/:content_uuid',
    like: 'comments/:content_uuid/like',
    dislike: 'comments/:content_uuid/dislike',
    flag: 'comments/:content_uuid/flag',
    pick: 'comments/:content_uuid/pick',
    pin: { url: 'content/:content_uuid/pin', on: 'POST' },
  },
};
