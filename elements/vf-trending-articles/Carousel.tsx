/**
 * The carousel view (WAI-ARIA APG carousel: a labelled region with `aria-roledescription`, each
 * slide a labelled group "2 of 5"): a horizontal scroll-snap row with Previous / Next buttons.
 * Keys: Tab goes through the links; ←/→ (flipped right-to-left), Home and End on a link move to
 * another slide's link. No auto-rotation, so the row is a polite live region.
 */
import { Fragment, type KeyboardEvent, useRef, useState } from 'react';
import { ArticleCard, type ArticleLink } from './ArticleCard.tsx';
import { useT } from '../ui/useIntl.ts';
import { TrendingAd } from './TrendingAd.tsx';

interface CarouselProps {
  articles: ArticleLink[];
  thumbnail: boolean;
  headingId: string;
  onOpen(article: ArticleLink, position: number): void;
}

export function Carousel({ articles, thumbnail, headingId, onOpen }: CarouselProps) {
  const t = useT();
  const [current, setCurrent] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const last = articles.length - 1;

  const slide = (index: number) => track.current?.querySelectorAll<HTMLElement>('.vf-trending__slide')[index] ?? null;
  const show = (index: number, focus = false) => {
    const next = Math.max(0, Math.min(last, index));
    setCurrent(next);
    const el = slide(next);
    el?.scrollIntoView({ block: 'nearest', inline: 'start' });
    if (focus) el?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const rtl = track.current ? getComputedStyle(track.current).direction === 'rtl' : false;
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const target = step !== undefined ? current + step : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (target === null) return;
    event.preventDefault();
    show(target, true);
  };

  return (
    <section className="vf-trending__carousel" part="carousel" aria-roledescription={t('trending_articles.carousel')} aria-labelledby={headingId}>
      <div className="vf-trending__controls" part="controls">
        <button type="button" className="vf-button vf-button--secondary" part="previous" aria-label={t('trending_articles.previous')} aria-disabled={current === 0} onClick={() => current > 0 && show(current - 1)}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="vf-button vf-button--secondary" part="next" aria-label={t('trending_articles.next')} aria-disabled={current === last} onClick={() => current < last && show(current + 1)}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="vf-trending__track" part="track" ref={track} aria-live="polite" onKeyDown={onKeyDown}>
        {articles.map((article, i) => (
          <Fragment key={article.item.content_container_uuid}>
            <div
              className="vf-trending__slide"
              part={i === current ? 'item slide current' : 'item slide'}
              role="group"
              aria-roledescription={t('trending_articles.slide')}
              aria-label={t('trending_articles.position', { index: i + 1, total: articles.length })}
              onFocus={() => setCurrent(i)}
            >
              <ArticleCard article={article} thumbnail={thumbnail} onOpen={() => onOpen(article, i + 1)} />
            </div>
            <TrendingAd after={i + 1} count={articles.length} as="div" />
          </Fragment>
        ))}
      </div>
    </section>
  );
}
