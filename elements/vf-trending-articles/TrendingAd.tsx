/**
 * The trending surface's one ad card (docs/ads.md "Surfaces"): after the second article (after
 * the only one when there is just one), as a list item in the list and grid views and as a box
 * between the slides in the carousel — not a slide itself, so "2 of 5" and the arrow keys count
 * articles only. Outbrain's recommendation or Taboola's "Mid-Article Thumbnails" where those are
 * the integration. Nothing at all with ads off.
 */
import { SurfaceAd } from '../ui/SurfaceAd.tsx';

/** The article the ad card follows (1-based). */
const TRENDING_AD_AFTER = 2;

export function TrendingAd({ after, count, as }: { after: number; count: number; as: 'li' | 'div' }) {
  if (after !== Math.min(TRENDING_AD_AFTER, count)) return null;
  const Tag = as;
  return (
    <SurfaceAd
      surface="trending"
      slotName="trending-ad"
      wrap={(ad) => (
        <Tag className={as === 'li' ? 'vf-trending__item vf-trending__item--ad' : 'vf-trending__ad-slide'} part="ad-item">
          {ad}
        </Tag>
      )}
    />
  );
}
