/**
 * A thread's replies: the ones embedded in the list first, then — after "Load more replies" —
 * the thread's reply pages (useThreadRepliesInfiniteQuery), merged without duplicates.
 */
import { useState } from 'react';
import { useThreadRepliesInfiniteQuery } from '../../core/api/comments.ts';
import type { Comment as CommentData } from '../../core/api/types.ts';
import { clampSetting, PAGINATION_REPLY_LIMIT } from '../../core/settings/clamp.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { Comment } from './Comment.tsx';

export interface RepliesProps {
  thread: CommentData;
  sectionUuid: string;
  containerUuid: string;
}

function merge(first: CommentData[], more: CommentData[]): CommentData[] {
  const seen = new Set(first.map((c) => c.content_uuid));
  return [...first, ...more.filter((c) => !seen.has(c.content_uuid) && seen.add(c.content_uuid))];
}

export function Replies({ thread, sectionUuid, containerUuid }: RepliesProps) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const more = useThreadRepliesInfiniteQuery(
    { sectionUuid, containerUuid, threadUuid: thread.content_uuid, limit: clampSetting(undefined, PAGINATION_REPLY_LIMIT) },
    { skip: !expanded },
  );
  const loaded = more.data?.pages.flatMap((page) => page.contents) ?? [];
  const replies = merge(thread.replies ?? [], loaded);
  const hidden = Math.max(0, thread.total_replies - replies.length);
  const canLoadMore = hidden > 0 && (!expanded || more.hasNextPage || more.isFetching);

  if (replies.length === 0 && hidden === 0) return null;

  return (
    <div className="vf-replies">
      {replies.length > 0 ? (
        <ol className="vf-list vf-list--replies" aria-label={t('conversations.replies.label', { name: thread.actor.name })}>
          {replies.map((reply) => (
            <li key={reply.content_uuid}>
              <Comment comment={reply} sectionUuid={sectionUuid} containerUuid={containerUuid} />
            </li>
          ))}
        </ol>
      ) : null}
      {canLoadMore ? (
        <Button
          variant="ghost"
          className="vf-replies__more"
          busy={more.isFetching}
          onClick={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}
        >
          {t('conversations.replies.more', { count: hidden })}
        </Button>
      ) : null}
      {more.isError ? <p className="vf-error" role="alert">{t('conversations.error.replies')}</p> : null}
    </div>
  );
}
