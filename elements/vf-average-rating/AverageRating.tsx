/**
 * <vf-average-rating>: the page's average rating with its stars and count, and a bar per star
 * with its count (each row read as "5 stars: 3 reviews"). Only visible reviews count (the
 * server's summary); it follows the page's reviews live. `compact` shows the stars and count only.
 */
import { MAX_POINTS } from '../../core/api/reviewTypes.ts';
import { useRatingSummaryQuery } from '../../core/api/reviews.ts';
import { ReviewsError, ReviewsLoading, ReviewsOffline } from '../ui/ReviewStates.tsx';
import { Stars } from '../ui/Stars.tsx';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { useIntl, useT } from '../ui/useIntl.ts';
import { useReviewsContainer } from '../ui/useReviewsContainer.ts';

export interface AverageRatingProps {
  /** `vf-container-id`: the reviews' container id (default: the page's). */
  vfContainerId?: string;
  /** `compact`: stars and count only, no distribution. */
  compact?: boolean;
}

function Summary({ args, compact }: { args: { sectionUuid: string; containerUuid: string; userUuid: string | null }; compact: boolean }) {
  const t = useT();
  const intl = useIntl();
  useContainerSubscription(args.containerUuid);
  const summary = useRatingSummaryQuery(args);
  if (summary.isError) return <ReviewsError onRetry={() => void summary.refetch()} />;
  if (!summary.currentData) return <ReviewsLoading lines={compact ? 1 : 6} />;
  const { count, average, distribution } = summary.currentData.ratings;
  if (count === 0) {
    return (
      <>
        <p className="vf-state vf-state--empty" part="empty">{t('reviews.average.none')}</p>
        <ReviewsOffline />
      </>
    );
  }
  return (
    <div className="vf-average" part="base">
      <p className="vf-average__headline">
        <span className="vf-average__value" part="value" aria-hidden="true">{intl.formatNumber(average, { maximumFractionDigits: 1 })}</span>
        <Stars value={average} size={compact ? 'normal' : 'large'} />
        <span className="vf-average__count" part="count">{t('reviews.count', { count })}</span>
      </p>
      {!compact && (
        <ul className="vf-average__bars" part="distribution">
          {Array.from({ length: MAX_POINTS }, (_, i) => MAX_POINTS - i).map((stars) => {
            const n = distribution[stars - 1]!;
            return (
              <li key={stars} className="vf-average__row" part="bar-row">
                <span className="vf-visually-hidden">{t('reviews.distribution', { stars, count: n })}</span>
                <span aria-hidden="true" className="vf-average__label">{t('reviews.starsShort', { stars })}</span>
                <span aria-hidden="true" className="vf-average__bar" part="bar">
                  <span className="vf-average__fill" style={{ width: `${count ? (n / count) * 100 : 0}%` }} />
                </span>
                <span aria-hidden="true" className="vf-average__n">{intl.formatNumber(n)}</span>
              </li>
            );
          })}
        </ul>
      )}
      <ReviewsOffline />
    </div>
  );
}

export function AverageRating({ vfContainerId, compact }: AverageRatingProps) {
  const state = useReviewsContainer(vfContainerId);
  if (state.status === 'error') return <ReviewsError onRetry={state.retry} />;
  if (state.status === 'loading') return <ReviewsLoading lines={compact ? 1 : 6} />;
  const args = { sectionUuid: state.sectionUuid, containerUuid: state.container.content_container_uuid, userUuid: state.userUuid };
  return <Summary args={args} compact={!!compact} />;
}
