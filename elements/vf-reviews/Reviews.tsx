/**
 * <vf-reviews>: the page's reviews, newest first or by most helpful, highest or lowest rating;
 * "Show more" reads the next page. It follows the page live: a review written, voted on or
 * moderated elsewhere reads the list again (core/api/reviews.ts), and a polite live region says
 * how many reviews there are now.
 */
import { useEffect, useRef, useState } from 'react';
import { REVIEW_SORTS, type ReviewSort } from '../../core/api/reviewTypes.ts';
import { useRatingSummaryQuery, useReviewPageQuery, type ContainerViewArgs } from '../../core/api/reviews.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { LoginPromptProvider } from '../ui/LoginPrompt.tsx';
import { ReviewsError, ReviewsLoading, ReviewsOffline } from '../ui/ReviewStates.tsx';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useT } from '../ui/useIntl.ts';
import { ViewerProvider } from '../ui/usePermission.ts';
import { useReviewsContainer } from '../ui/useReviewsContainer.ts';
import { ReviewItem } from './ReviewItem.tsx';
import { useStructuredData } from './useStructuredData.ts';
import { firstSort, reviewsPerPage } from './firstPage.ts';

export interface ReviewsProps {
  /** `vf-container-id`: the reviews' container id (default: the page's). */
  vfContainerId?: string;
  /** `limit`: reviews per page (1–100, default 10). */
  limit?: number;
  /** `sorted-by`: the first order (newest, most_helpful, highest, lowest; default newest). */
  sortedBy?: string;
}

interface PageProps {
  args: ContainerViewArgs;
  sort: ReviewSort;
  limit: number;
  startingFrom: string | null;
  last: boolean;
  onMore(next: string): void;
}

function Page({ args, sort, limit, startingFrom, last, onMore }: PageProps) {
  const t = useT();
  const page = useReviewPageQuery({ ...args, sort, limit, startingFrom });
  if (page.isError) return <li><ReviewsError onRetry={() => void page.refetch()} /></li>;
  if (!page.currentData) return <li><ReviewsLoading /></li>;
  const { contents, more_available, next_starting_from } = page.currentData;
  if (startingFrom === null && contents.length === 0) return <li><EmptyState text={t('reviews.empty')} /></li>;
  return (
    <>
      {contents.map((review) => <ReviewItem key={review.content_uuid} review={review} sectionUuid={args.sectionUuid} />)}
      {last && more_available && next_starting_from && (
        <li className="vf-reviews__more">
          <Button part="more" onClick={() => onMore(next_starting_from)}>{t('reviews.more')}</Button>
        </li>
      )}
    </>
  );
}

/** "12 reviews", said once the count changes after the first read (a review came or went live). */
function useLiveAnnouncement(count: number | undefined): string {
  const t = useT();
  const first = useRef<number | undefined>(undefined);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (count === undefined) return;
    if (first.current === undefined) first.current = count;
    else setSaid(t('reviews.live.count', { count }));
  }, [count]); // eslint-disable-line react-hooks/exhaustive-deps
  return said;
}

function List({ args, limit, initialSort }: { args: ContainerViewArgs; limit: number; initialSort: ReviewSort }) {
  const t = useT();
  const emit = useHostEvent();
  useContainerSubscription(args.containerUuid);
  const [sort, setSort] = useState(initialSort);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const ratings = useRatingSummaryQuery(args).currentData?.ratings;
  const count = ratings?.count;
  // The structured data names the newest reviews, whatever order the reader picks.
  const newest = useReviewPageQuery({ ...args, sort: 'newest', limit, startingFrom: null }).currentData?.contents;
  useStructuredData(args.containerUuid, ratings, newest);
  const announcement = useLiveAnnouncement(count);
  const choose = (next: ReviewSort) => {
    setSort(next);
    setCursors([null]);
    emit('vf-reviews-sorted', { sortedBy: next });
  };
  return (
    <section className="vf-reviews" part="base" aria-label={t('reviews.region')}>
      <div className="vf-reviews__header">
        <h2 className="vf-reviews__heading" part="heading">{t('reviews.heading', { count: count ?? 0 })}</h2>
        <label className="vf-reviews__sort">
          <span>{t('reviews.sort.label')}</span>
          <select part="sort" value={sort} onChange={(e) => choose(e.target.value as ReviewSort)}>
            {REVIEW_SORTS.map((s) => <option key={s} value={s}>{t(`reviews.sort.${s}`)}</option>)}
          </select>
        </label>
      </div>
      <ol className="vf-reviews__list" part="list">
        {cursors.map((cursor, i) => (
          <Page key={`${sort} ${cursor ?? ''}`} args={args} sort={sort} limit={limit} startingFrom={cursor} last={i === cursors.length - 1} onMore={(next) => setCursors([...cursors, next])} />
        ))}
      </ol>
      <p className="vf-visually-hidden" part="live" role="status">{announcement}</p>
      <ReviewsOffline />
    </section>
  );
}

export function Reviews({ vfContainerId, limit, sortedBy }: ReviewsProps) {
  const state = useReviewsContainer(vfContainerId);
  if (state.status === 'error') return <ReviewsError onRetry={state.retry} />;
  if (state.status === 'loading') return <ReviewsLoading lines={8} />;
  const args = { sectionUuid: state.sectionUuid, containerUuid: state.container.content_container_uuid, userUuid: state.userUuid };
  const sort = firstSort(sortedBy);
  return (
    <ViewerProvider>
      <LoginPromptProvider>
        <List key={sort} args={args} limit={reviewsPerPage(limit)} initialSort={sort} />
      </LoginPromptProvider>
    </ViewerProvider>
  );
}
