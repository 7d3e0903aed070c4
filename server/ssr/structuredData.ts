/**
 * schema.org structured data for a server-painted element (docs/elements.md "Server-rendered
 * first paint"): a conversation is a `DiscussionForumPosting` with its comments and their
 * replies; a live blog a `LiveBlogPosting` with its updates. Only what the server knows goes in:
 * the loader adds the page's own `url` and `headline` where they are missing, since a page's
 * address and title are the page's to state, not something one reader may write into the cache.
 */
import type { Comment, Container } from '../../core/api/types.ts';
import type { CommentPage } from '../../core/api/types.ts';
import { plainText } from '../../elements/vf-liveblog/plainText.ts';

const iso = (ms: number) => new Date(ms).toISOString();

function person(comment: Comment) {
  return { '@type': 'Person', name: comment.actor.name };
}

function likes(count: number) {
  return { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: count };
}

function commentOf(comment: Comment): object {
  return {
    '@type': 'Comment',
    identifier: comment.content_uuid,
    text: comment.content,
    author: person(comment),
    datePublished: iso(comment.date_created),
    ...(comment.date_edited ? { dateModified: iso(comment.date_edited) } : {}),
    interactionStatistic: likes(comment.total_likes),
    ...(comment.replies?.length ? { comment: comment.replies.map(commentOf) } : {}),
  };
}

/** A conversation's first page as a DiscussionForumPosting. */
export function discussionForumPosting(container: Container, page: CommentPage): object {
  const comments = page.contents.filter((comment) => comment.state === 'visible');
  const first = comments.reduce((min, comment) => Math.min(min, comment.date_created), Infinity);
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    identifier: container.container_id,
    commentCount: container.total_visible_content,
    ...(Number.isFinite(first) ? { datePublished: iso(first) } : {}),
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: container.total_visible_content },
    comment: comments.map(commentOf),
  };
}

/**
 * A live blog's first page as a LiveBlogPosting: its posts (the pinned ones and the newest) as
 * `liveBlogUpdate` items, newest first, each a BlogPosting whose body is the post's plain text.
 */
export function liveBlogPosting(container: Container, posts: Comment[]): object {
  const seen = new Set<string>();
  const updates = posts
    .filter((post) => post.state === 'visible' && !seen.has(post.content_uuid) && seen.add(post.content_uuid))
    .sort((a, b) => b.date_created - a.date_created);
  const first = updates.at(-1);
  return {
    '@context': 'https://schema.org',
    '@type': 'LiveBlogPosting',
    identifier: container.container_id,
    ...(first ? { coverageStartTime: iso(first.date_created) } : {}),
    liveBlogUpdate: updates.map((post) => ({
      '@type': 'BlogPosting',
      identifier: post.content_uuid,
      articleBody: plainText(post.content),
      datePublished: iso(post.date_created),
      ...(post.date_edited ? { dateModified: iso(post.date_edited) } : {}),
      author: person(post),
    })),
  };
}
