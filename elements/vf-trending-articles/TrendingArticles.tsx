/**
 * <vf-trending-articles>: the site's most discussed articles (trending), or with
 * `content-recirculation` the ones recommended for this reader (trendingrecommended: without
 * what they read or commented in, topics they follow first), as a list, a grid or a carousel.
 * The loader keeps it hidden until it is in view and loads it then, watching from 5000 ms on
 * (core/loader/schedule.ts). The current article (its container id) is never listed; in
 * recirculation mode it is recorded as read. Links carry the tracking medium; an article whose
 * address is off the site's domains is not listed, a picture off its image hosts not shown.
 */
import { Fragment, useEffect, useId } from 'react';
import { useRecordReadMutation, useTrendingQuery } from '../../core/api/trending.ts';
import type { TrendingContainer } from '../../core/api/types.ts';
import { isLoggedInUser, selectCurrentUser } from '../../core/session/slice.ts';
import {
  allowedValue, clampSetting, COUNT, daysPublished, HOURS, THUMBNAIL_POSITIONS, trackingMedium, TRENDING_SORTS, TRENDING_VIEWS,
} from '../../core/settings/clamp.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useElementContainer } from '../ui/useElementContainer.ts';
import { useFetchReady } from '../ui/useFetchReady.ts';
import { useHostState } from '../ui/useHostState.ts';
import { useT } from '../ui/useIntl.ts';
import { useSiteUrls } from '../ui/useSiteUrls.ts';
import { ArticleCard, type ArticleLink } from './ArticleCard.tsx';
import { Carousel } from './Carousel.tsx';
import { trackedUrl } from './trackedUrl.ts';
import { OfflineNotice } from '../ui/OfflineNotice.tsx';
import { TrendingAd } from './TrendingAd.tsx';

export interface TrendingArticlesProps {
  /** `vf-container-id` / `data-id`: the current article's container id (default: the page's). */
  vfContainerId?: string;
  dataId?: string;
  /** `widget-title`: the heading (default "Trending now" / "Recommended for you"). */
  widgetTitle?: string;
  /** `limit` 1–100 (5); `days-published` 1–30 or `all` (7); `trend-window` hours 1–48 (3). */
  limit?: string;
  daysPublished?: string;
  trendWindow?: string;
  /** `sort`: trending | newest; `view`: list | grid | carousel; `thumbnail-position`: left | right | top. */
  sort?: string;
  view?: string;
  thumbnailPosition?: string;
  /** `thumbnail`: pictures only when exactly "true". */
  thumbnail?: string;
  trackingMedium?: string;
  hideOnEmpty?: boolean;
  contentRecirculation?: boolean;
}

export interface TrendingClickDetail {
  url: string;
  containerId: string;
  position: number;
  medium: string;
}

const withPage = (item: TrendingContainer): item is ArticleLink['item'] => item.page !== null;

export function TrendingArticles(props: TrendingArticlesProps) {
  const t = useT();
  const emit = useHostEvent();
  const headingId = useId();
  const fetchReady = useFetchReady();
  const user = useAppSelector(selectCurrentUser);
  const { status, sectionUuid, containerId, retry } = useElementContainer(props.dataId || props.vfContainerId);
  const recommended = !!props.contentRecirculation;
  const limit = clampSetting(props.limit, COUNT);
  const medium = trackingMedium(props.trackingMedium, recommended);
  const view = allowedValue(props.view, TRENDING_VIEWS);
  const thumbnail = props.thumbnail?.trim() === 'true';
  const site = useSiteUrls();
  const [recordRead] = useRecordReadMutation();

  const args = {
    sectionUuid: sectionUuid ?? '',
    // one more than shown: the current article is left out below
    limit: Math.min(COUNT.max, limit + 1),
    days: daysPublished(props.daysPublished),
    hours: clampSetting(props.trendWindow, HOURS),
    recommended,
    userUuid: isLoggedInUser(user) ? user.uuid : null,
    containerId,
  };
  const query = useTrendingQuery(args, { skip: !sectionUuid || !fetchReady });
  useEffect(() => {
    if (recommended && sectionUuid && fetchReady && containerId) void recordRead({ sectionUuid, containerId });
  }, [recommended, sectionUuid, fetchReady, containerId, recordRead]);

  // with_page: the server sends articles with a page only; the type needs telling
  const items = (query.currentData ?? []).filter(withPage).filter((item) => item.container_id !== containerId);
  if (allowedValue(props.sort, TRENDING_SORTS) === 'newest') items.sort((a, b) => b.date_created - a.date_created);
  const articles: ArticleLink[] = items
    .flatMap((item) => {
      const url = site.link(item.page.url);
      return url ? [{ item, href: trackedUrl(url, medium), image: site.image(item.page.image_url) }] : [];
    })
    .slice(0, limit);

  const failed = status === 'failed' || query.isError;
  const loading = !failed && !query.currentData;
  useHostState(failed ? 'error' : loading ? 'loading' : articles.length ? 'ready' : 'empty');
  if (!failed && !loading && !articles.length && props.hideOnEmpty) return null;

  const open = (article: ArticleLink, position: number) =>
    emit<TrendingClickDetail>('vf-trending-click', { url: article.href, containerId: article.item.container_id, position, medium });
  const offline = <OfflineNotice className="vf-state" text={t('trending_articles.offline')} />;

  let body;
  if (failed) {
    const again = status === 'failed' ? retry : () => void query.refetch();
    body = <ErrorState message={t('trending_articles.error.load')} onRetry={again} retryLabel={t('trending_articles.retry')} />;
  } else if (loading) {
    body = <Skeleton lines={Math.min(limit, 5)} label={t('trending_articles.loading')} />;
  } else if (!articles.length) {
    body = (
      <p className="vf-state vf-state--empty" part="empty">
        {t('trending_articles.empty')}
      </p>
    );
  } else if (view === 'carousel') {
    body = <Carousel articles={articles} thumbnail={thumbnail} headingId={headingId} onOpen={open} />;
  } else {
    body = (
      <ol className={`vf-trending__list vf-trending__list--${view}`} part="list">
        {articles.map((article, i) => (
          <Fragment key={article.item.content_container_uuid}>
            <li className="vf-trending__item" part="item">
              <ArticleCard article={article} thumbnail={thumbnail} onOpen={() => open(article, i + 1)} />
            </li>
            <TrendingAd after={i + 1} count={articles.length} as="li" />
          </Fragment>
        ))}
      </ol>
    );
  }
  const position = allowedValue(props.thumbnailPosition, THUMBNAIL_POSITIONS);
  // The carousel is the labelled region itself (two regions of one name would be ambiguous).
  const Block = view === 'carousel' ? 'div' : 'section';
  return (
    <Block className={`vf-trending vf-trending--${view} vf-trending--image-${position}`} part="base" aria-labelledby={view === 'carousel' ? undefined : headingId}>
      <h2 id={headingId} className="vf-trending__title" part="title">
        {props.widgetTitle?.trim() || t(recommended ? 'trending_articles.recommended' : 'trending_articles.title')}
      </h2>
      {offline}
      {body}
    </Block>
  );
}
