/**
 * One container's conversation: heading with the count, the compose box, the comment list with
 * "Load more comments", and the empty / loading / error states. Subscribes to the container's
 * realtime events while mounted (they patch the same RTK Query caches this reads).
 */
import { useMemo } from 'react';
import { useCommentsInfiniteQuery, useContainerQuery } from '../../core/api/comments.ts';
import type { RealtimeRule, SortOrder } from '../../core/api/types.ts';
import { useRealtimeSubscription } from '../../core/realtime/useRealtimeSubscription.ts';
import { Button } from '../ui/Button.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { CommentList } from './CommentList.tsx';
import { Compose } from './Compose.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { LivePaused } from './LivePaused.tsx';

export interface ConversationsPanelProps {
  sectionUuid: string;
  containerId: string;
  limit: number;
  replyLimit: number;
  sortedBy: SortOrder;
}

export function ConversationsPanel({ sectionUuid, containerId, limit, replyLimit, sortedBy }: ConversationsPanelProps) {
  const t = useT();
  const containerQuery = useContainerQuery({ sectionUuid, containerId });
  const container = containerQuery.data;
  const containerUuid = container?.content_container_uuid;

  const rules = useMemo<RealtimeRule[] | null>(
    () => (containerUuid ? [{ key: 'content_container_uuid', values: [containerUuid] }] : null),
    [containerUuid],
  );
  const live = useRealtimeSubscription(rules);

  const list = useCommentsInfiniteQuery(
    { sectionUuid, containerUuid: containerUuid ?? '', limit, replyLimit, sortedBy },
    { skip: !containerUuid },
  );

  if (containerQuery.isError) {
    return <ErrorState message={t('conversations.error.load')} onRetry={() => void containerQuery.refetch()} />;
  }
  if (!container || !containerUuid) return <Skeleton label={t('conversations.loading')} />;

  const pages = list.data?.pages ?? [];
  const comments = pages.flatMap((page) => page.contents);
  const total = pages[0]?.total_visible_content ?? container.total_visible_content;
  const headingId = `vf-heading-${containerUuid}`;

  let content;
  if (list.isError && comments.length === 0) {
    content = <ErrorState message={t('conversations.error.load')} onRetry={() => void list.refetch()} />;
  } else if (list.isLoading || (!list.data && !list.isError)) {
    content = <Skeleton label={t('conversations.loading')} />;
  } else if (comments.length === 0) {
    content = <EmptyState />;
  } else {
    content = (
      <>
        <CommentList comments={comments} sectionUuid={sectionUuid} containerUuid={containerUuid} />
        {list.isError ? <ErrorState message={t('conversations.error.more')} onRetry={() => void list.fetchNextPage()} /> : null}
        {list.hasNextPage && !list.isError ? (
          <div className="vf-more">
            <Button
              part="load-more"
              busy={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t(list.isFetchingNextPage ? 'conversations.loadingMore' : 'conversations.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="vf-panel">
      <h2 id={headingId} className="vf-heading" part="heading">
        {t('conversations.heading', { count: total })}
      </h2>
      <Compose sectionUuid={sectionUuid} containerUuid={containerUuid} closed={container.settings.is_closed} />
      {live === 'error_subscribing' ? <LivePaused /> : null}
      {content}
    </div>
  );
}
