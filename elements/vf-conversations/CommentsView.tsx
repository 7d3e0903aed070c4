/**
 * One list of top-level comments (all comments or editor's picks, in the chosen order):
 * loading / empty / error states, "Load more comments" (pagination-limit per page), the held
 * "N new comments" control, the promo slots and, with Taboola as the general surface's
 * integration, its "Above Comments Thumbnails" ad above the list.
 */
import { useEffect } from 'react';
import { useCommentsInfiniteQuery, type CommentsArgs } from '../../core/api/comments.ts';
import { releaseHeldComments } from '../../core/api/heldComments.ts';
import { Button } from '../ui/Button.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { CommentList } from './CommentList.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { NewCommentsControl } from './NewCommentsControl.tsx';
import { useHeldComments } from '../ui/useHeldComments.ts';
import { promoPositions } from './settings.ts';
import { TABOOLA_ABOVE } from '../../core/ads/format.ts';
import { SurfaceAd } from '../ui/SurfaceAd.tsx';

export interface CommentsViewProps {
  args: CommentsArgs;
  paginationReplyLimit: number;
  promo: { first: number; interval: number; replies: number };
  /** The empty state (differs per tab). */
  empty: React.ReactNode;
  loadingText: string;
  /** Offer the held new comments here (the all-comments list; new comments are never picks). */
  offersNew: boolean;
  /** The reader revealed held comments: focus this one. */
  onReveal(firstUuid: string): void;
}

export function CommentsView({ args, paginationReplyLimit, promo, empty, loadingText, offersNew, onReveal }: CommentsViewProps) {
  const t = useT();
  const list = useCommentsInfiniteQuery(args);
  const held = useHeldComments(args.containerUuid);
  const all = (list.data?.pages ?? []).flatMap((page) => page.contents);
  const unheld = held.length ? all.filter((c) => !held.includes(c.content_uuid)) : all;
  // New comments wait only while there is something else to read; otherwise they simply show.
  const holding = unheld.length > 0 && unheld.length < all.length;
  const heldHere = holding ? held.filter((id) => all.some((c) => c.content_uuid === id)) : [];
  const comments = holding ? unheld : all;
  const { containerUuid } = args;
  useEffect(() => {
    if (unheld.length === 0 && all.length > 0 && held.length > 0) releaseHeldComments(containerUuid);
  }, [held.length, unheld.length, all.length, containerUuid]);

  if (list.isError && all.length === 0) {
    return <ErrorState message={t('conversations.error.load')} onRetry={() => void list.refetch()} />;
  }
  if (!list.data) return <Skeleton label={loadingText} />;

  return (
    <>
      {offersNew ? <NewCommentsControl containerUuid={containerUuid} held={heldHere} onReveal={onReveal} /> : null}
      {comments.length === 0 ? (
        empty
      ) : (
        <>
          {/* Taboola's "Above Comments Thumbnails" (content.md §9; docs/ads.md "Surfaces"). */}
          <SurfaceAd surface="general" slotName="above-comments" placement={TABOOLA_ABOVE} only="taboola" />
          <CommentList
            comments={comments}
            sectionUuid={args.sectionUuid}
            containerUuid={args.containerUuid}
            paginationReplyLimit={paginationReplyLimit}
            promoPositions={promoPositions(comments.length, promo.first, promo.interval)}
            replyInterval={promo.replies}
          />
        </>
      )}
      {list.isError ? <ErrorState message={t('conversations.error.more')} onRetry={() => void list.fetchNextPage()} /> : null}
      {list.hasNextPage && !list.isError ? (
        <div className="vf-more">
          <Button part="load-more" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t(list.isFetchingNextPage ? 'conversations.loadingMore' : 'conversations.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
