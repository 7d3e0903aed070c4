/**
 * A star rating as shown (not an input): five stars filled to `value` (0–5, fractions allowed),
 * read by screen readers as one image with its words ("4.3 out of 5 stars").
 */
import { MAX_POINTS } from '../../core/api/reviewTypes.ts';
import { useT } from './useIntl.ts';

export function Stars({ value, size = 'normal' }: { value: number; size?: 'normal' | 'large' }) {
  const t = useT();
  const filled = `${(Math.max(0, Math.min(MAX_POINTS, value)) / MAX_POINTS) * 100}%`;
  return (
    <span className={`vf-stars vf-stars--${size}`} part="stars" role="img" aria-label={t('reviews.rating', { rating: value, max: MAX_POINTS })}>
      <span className="vf-stars__empty" aria-hidden="true">★★★★★</span>
      <span className="vf-stars__filled" aria-hidden="true" style={{ width: filled }}>★★★★★</span>
    </span>
  );
}
