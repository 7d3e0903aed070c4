/**
 * The comment a deeplink names (`?deeplink=<uuid>` or the `deeplink` attribute), shown above
 * the list with its thread wherever it sits in the conversation: GET …/comments/{uuid}; for a
 * reply also its thread's top-level comment and the thread's reply pages (…/content/{thread}/
 * direct, read until the reply is among them). ConversationsPanel scrolls to and focuses it.
 */
import { useEffect } from 'react';
import { useCommentQuery, useThreadRepliesInfiniteQuery } from '../../core/api/comments.ts';
import type { Comment } from '../../core/api/types.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { CommentList } from './CommentList.tsx';

export interface DeeplinkedThreadProps {
  sectionUuid: string;
  containerUuid: string;
  contentUuid: string;
  paginationReplyLimit: number;
  loadingText: string;
}

/** The largest page the server gives: a deep reply is found in few requests. */
const THREAD_PAGE = 100;

export function DeeplinkedThread({ sectionUuid, containerUuid, contentUuid, paginationReplyLimit, loadingText }: DeeplinkedThreadProps) {
  const t = useT();
  const target = useCommentQuery({ sectionUuid, containerUuid, contentUuid });
  const reply = target.data?.parent_uuid ? target.data : null;
  const top = useCommentQuery({ sectionUuid, containerUuid, contentUuid: reply?.thread_uuid ?? '' }, { skip: !reply });
  const replies = useThreadRepliesInfiniteQuery(
    { sectionUuid, containerUuid, threadUuid: reply?.thread_uuid ?? '', limit: THREAD_PAGE },
    { skip: !reply },
  );
  const loaded = replies.data?.pages.flatMap((page) => page.contents) ?? [];
  const found = loaded.some((c) => c.content_uuid === contentUuid);
  const { hasNextPage, isFetching, fetchNextPage } = replies;

  useEffect(() => {
    if (reply && replies.data && !found && hasNextPage && !isFetching) void fetchNextPage();
  }, [reply, replies.data, found, hasNextPage, isFetching, fetchNextPage]);

  let thread: Comment | null = null;
  if (target.data && !reply) thread = target.data;
  else if (top.data && (found || (replies.data && !hasNextPage))) {
    // The replies up to the linked one (itself included if the server still lists it).
    thread = { ...top.data, replies: found ? loaded : [...loaded, reply!] };
  }

  let body;
  if (target.isError || top.isError) {
    body = <p className="vf-state" role="status">{t('conversations.deeplink.missing')}</p>;
  } else if (!thread) {
    body = <Skeleton lines={2} label={loadingText} />;
  } else {
    body = (
      <CommentList comments={[thread]} sectionUuid={sectionUuid} containerUuid={containerUuid} paginationReplyLimit={paginationReplyLimit} />
    );
  }
  return (
    <section className="vf-deeplink" part="deeplink" aria-label={t('conversations.deeplink.label')}>
      {body}
    </section>
  );
}
