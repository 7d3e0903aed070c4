/**
 * One community comment list, in one of three modes (docs/elements.md "Community views"):
 * `latest` (<vf-community-comments>), `popular` (<vf-community-popular>) and `trending`
 * (<vf-trending-comments>); the tray's community view shows the same lists. Each comment shows
 * its author, time, text, likes and replies, and links to its page with `?deeplink=` (the
 * conversation scrolls to it and highlights it) when the page is on the site's domains.
 */
import type { CommunityComment, CommunityShow } from '../../core/api/types.ts';
import { useCommunityCommentsQuery } from '../../core/api/community.ts';
import { selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { AuthorLine } from '../ui/AuthorLine.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { useFetchReady } from '../ui/useFetchReady.ts';
import { useT } from '../ui/useIntl.ts';
import { useSiteUrls } from '../ui/useSiteUrls.ts';
import { CommunitySection } from './ListStates.tsx';

export interface CommentListProps {
  show: CommunityShow;
  limit: number;
  /** popular: days; trending: hours (already clamped). */
  days?: number;
  hours?: number;
  containerId?: string;
  headingLevel?: 2 | 3;
}

/** Detail of `vf-community-link`: a reader followed a comment's link to its page. */
export interface CommunityLinkDetail {
  contentUuid: string;
  containerUuid: string;
  url: string;
}

/** The page's address (an absolute one) with `deeplink` set to the comment. */
function deeplinkUrl(pageUrl: string, contentUuid: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('deeplink', contentUuid);
  return url.toString();
}

function CommentItem({ comment }: { comment: CommunityComment }) {
  const t = useT();
  const emit = useHostEvent();
  const pageUrl = useSiteUrls().link(comment.page?.url);
  const link = pageUrl ? deeplinkUrl(pageUrl, comment.content_uuid) : null;
  return (
    <li className="vf-community__item" part="item">
      <AuthorLine actor={comment.actor} time={comment.date_created} />
      <CommentText text={comment.content} />
      <p className="vf-community__meta">
        <span>{t('base.community.likes', { count: comment.total_likes })}</span>
        <span>{t('base.community.replies', { count: comment.total_replies })}</span>
        {link && comment.page ? (
          <a
            href={link}
            className="vf-community__link"
            part="link"
            onClick={() => emit<CommunityLinkDetail>('vf-community-link', { contentUuid: comment.content_uuid, containerUuid: comment.content_container_uuid, url: link })}
          >
            {t('base.community.onPage', { title: comment.page.title || t('base.community.untitled') })}
          </a>
        ) : null}
      </p>
    </li>
  );
}

/** The session is ready (the site is known) and the loader's fetch rule is met. */
export function useMayFetch(): boolean {
  const status = useAppSelector(selectSessionStatus);
  const section = useAppSelector(selectSectionUuid);
  const ready = useFetchReady();
  return status === 'ready' && !!section && ready;
}

export function CommentList({ show, limit, days, hours, containerId, headingLevel = 2 }: CommentListProps) {
  const t = useT();
  const query = useCommunityCommentsQuery({ show, limit, days, hours, containerId }, { skip: !useMayFetch() });
  return (
    <CommunitySection
      title={t(`base.community.${show}.title`)}
      headingLevel={headingLevel}
      query={query}
      placeholderLines={Math.min(limit, 10) * 2}
      loadingLabel={t('base.community.loading')}
      errorText={t('base.community.error')}
      emptyText={t(`base.community.${show}.empty`)}
      isEmpty={(data) => data.contents.length === 0}
    >
      {(data) => (
        <ol className="vf-community__list" part="list">
          {data.contents.map((comment) => (
            <CommentItem key={comment.content_uuid} comment={comment} />
          ))}
        </ol>
      )}
    </CommunitySection>
  );
}
