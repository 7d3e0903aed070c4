/**
 * One trending article: a link to its page (carrying the tracking medium) with its title, its
 * comment count and, when asked, its picture (link and picture already checked against the site's
 * hosts). The picture's box is sized before it loads (width/height + aspect-ratio), so nothing
 * below it moves; without a picture a neutral block keeps the same box.
 */
import type { TrendingContainer } from '../../core/api/types.ts';
import { useT } from '../ui/useIntl.ts';

export interface ArticleLink {
  item: TrendingContainer & { page: NonNullable<TrendingContainer['page']> };
  href: string;
  /** The picture, when it is on the site's image hosts (elements/ui/useSiteUrls.ts). */
  image: string | null;
}

export function ArticleCard({ article, thumbnail, onOpen }: { article: ArticleLink; thumbnail: boolean; onOpen: () => void }) {
  const t = useT();
  const { page, total_visible_content: count } = article.item;
  return (
    <a className="vf-trending__link" part="link" href={article.href} onClick={onOpen}>
      {thumbnail ? (
        article.image ? (
          <img className="vf-trending__image" part="image" src={article.image} alt={page.image_alt ?? ''} width={320} height={180} loading="lazy" decoding="async" />
        ) : (
          <span className="vf-trending__image vf-trending__image--none" part="image placeholder" aria-hidden="true" />
        )
      ) : null}
      <span className="vf-trending__text">
        <span className="vf-trending__headline" part="headline">{page.title}</span>
        <span className="vf-trending__count" part="count">{t('trending_articles.comments', { count })}</span>
      </span>
    </a>
  );
}
