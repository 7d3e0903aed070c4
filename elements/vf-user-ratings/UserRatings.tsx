/**
 * <vf-user-ratings>: one reader's ratings across the site, newest first: stars, title, the
 * start of the text and the page (a link when the page's container id is its address). Only
 * reviews everyone may see are listed (the server's rule).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import type { UserRating } from '../../core/api/reviewTypes.ts';
import { useUserRatingsQuery } from '../../core/api/reviews.ts';
import { selectSessionStatus } from '../../core/session/slice.ts';
import { clampSetting, USER_RATINGS_LIMIT } from '../../core/settings/clamp.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { safeHref } from '../ui/CommentText.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { ReviewsError, ReviewsLoading, ReviewsOffline } from '../ui/ReviewStates.tsx';
import { Stars } from '../ui/Stars.tsx';
import { useT } from '../ui/useIntl.ts';

export interface UserRatingsProps {
  /** `user-uuid` (required): whose ratings. */
  userUuid?: string;
  /** `limit`: how many at most (1–50, default 5). */
  limit?: number;
}

const EXCERPT = 160;

function Rating({ rating }: { rating: UserRating }) {
  const href = safeHref(rating.container_id);
  const text = rating.content.length > EXCERPT ? `${rating.content.slice(0, EXCERPT)}…` : rating.content;
  return (
    <li className="vf-user-rating" part="rating">
      <Stars value={rating.rating} />
      {rating.title && <p className="vf-review__title" part="title">{rating.title}</p>}
      {text && <p className="vf-user-rating__text" part="text">{text}</p>}
      <p className="vf-user-rating__meta">
        {href ? <a part="page" href={href}>{rating.container_id}</a> : <span part="page">{rating.container_id}</span>}
        {' · '}
        <RelativeTime time={rating.date_created} />
      </p>
    </li>
  );
}

export function UserRatings({ userUuid, limit }: UserRatingsProps) {
  const t = useT();
  const status = useAppSelector(selectSessionStatus);
  const uuid = userUuid?.trim() ?? '';
  const query = useUserRatingsQuery(uuid && status === 'ready' ? { userUuid: uuid, limit: clampSetting(limit, USER_RATINGS_LIMIT) } : skipToken);
  if (!uuid) return null;
  if (query.isError) return <ReviewsError message="reviews.user.error" onRetry={() => void query.refetch()} />;
  if (!query.currentData) return <ReviewsLoading lines={4} label="reviews.user.loading" />;
  const { ratings } = query.currentData;
  return (
    <section className="vf-user-ratings" part="base" aria-label={t('reviews.user.heading')}>
      {ratings.length === 0 ? (
        <EmptyState text={t('reviews.user.empty')} />
      ) : (
        <ol className="vf-user-ratings__list" part="list">
          {ratings.map((r) => <Rating key={r.content_uuid} rating={r} />)}
        </ol>
      )}
      <ReviewsOffline />
    </section>
  );
}
