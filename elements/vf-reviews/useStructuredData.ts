/**
 * Keeps one `<script type="application/ld+json">` in the page's head with the reviews' structured
 * data (structuredData.ts) while <vf-reviews> is mounted: search engines read it from the rendered
 * page. Written with textContent, so a review's words cannot end the script, as JSON vf's Trusted
 * Types policy lets through (core/trustedTypes.ts).
 */
import { useEffect } from 'react';
import type { RatingSummary, Review } from '../../core/api/reviewTypes.ts';
import { selectPage } from '../../core/page/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { reviewsStructuredData } from './structuredData.ts';
import { vfTrustedTypes } from '../../core/trustedTypes.ts';

export function useStructuredData(containerUuid: string, ratings: RatingSummary | undefined, reviews: Review[] | undefined): void {
  const page = useAppSelector(selectPage);
  const data = ratings && reviews && page ? reviewsStructuredData({ title: page.title, url: page.url }, ratings, reviews) : null;
  const json = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!json || typeof document !== 'object') return undefined;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset['vfReviews'] = containerUuid;
    script.textContent = vfTrustedTypes().json(json);
    document.head.append(script);
    return () => script.remove();
  }, [json, containerUuid]);
}
