/**
 * <vf-live-story>: a compact view of a live blog's latest posts (newest first) for a home page
 * or the top of an article, live as they are published, with a "Follow the live blog" link to
 * the full live blog (shown only on the site's domains). New posts are announced in a polite live region.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLiveblogPostsInfiniteQuery, useLiveblogQuery } from '../../core/api/liveblog.ts';
import { AuthorLine } from '../ui/AuthorLine.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { RichText } from '../ui/RichText.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { useT } from '../ui/useIntl.ts';
import { useElementContainer } from '../ui/useElementContainer.ts';
import { useSiteUrls } from '../ui/useSiteUrls.ts';
import { followHref } from './followHref.ts';
import { liveblogArgs, postsArgs } from '../vf-liveblog/firstPage.ts';
import { storyLimit } from './firstPage.ts';

export interface LiveStoryProps {
  /** `vf-container-id`: the live blog's public id (default: the page's container id, else its url). */
  vfContainerId?: string;
  /** `limit`: latest posts shown, 1–10 (3). */
  limit?: number;
  /** `href`: the full live blog (http(s) or relative, on the site's domains; anything else is ignored). */
  href?: string;
  /** `title`: the heading (default "Live"). */
  title?: string;
}

function Posts({ sectionUuid, containerId, limit }: { sectionUuid: string; containerId: string; limit: number }) {
  const t = useT();
  const blog = useLiveblogQuery(liveblogArgs(sectionUuid, containerId, limit));
  const containerUuid = blog.data?.content_container_uuid;
  useContainerSubscription(containerUuid);
  const list = useLiveblogPostsInfiniteQuery(postsArgs(sectionUuid, containerUuid ?? '', limit), { skip: !containerUuid });
  const posts = (list.data?.pages[0]?.contents ?? []).slice(0, limit);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<string> | null>(null);

  // Announce posts that arrive after the first showing (not the ones that were there).
  const uuids = posts.map((post) => post.content_uuid).join(',');
  useEffect(() => {
    const now = uuids ? uuids.split(',') : [];
    if (seen.current) {
      const arrived = now.filter((uuid) => !seen.current!.has(uuid)).length;
      if (arrived > 0) setAnnouncement(t('conversations.liveblog.announce', { count: arrived }));
    }
    if (list.data) seen.current = new Set([...(seen.current ?? []), ...now]);
  }, [uuids, list.data, t]);

  if ((blog.isError && !blog.data) || (list.isError && !list.data)) {
    const retry = () => void (blog.isError ? blog.refetch() : list.refetch());
    return <ErrorState message={t('conversations.liveblog.error.load')} onRetry={retry} />;
  }
  if (!list.data) return <Skeleton lines={3} label={t('conversations.liveStory.loading')} />;
  return (
    <>
      {posts.length === 0 ? (
        <EmptyState text={t('conversations.liveblog.empty')} />
      ) : (
        <ol className="vf-live-story__list" part="list">
          {posts.map((post) => (
            <li key={post.content_uuid}>
              <article className="vf-live-story__post" part="post" aria-label={t('conversations.liveblog.post.label', { name: post.actor.name })}>
                <AuthorLine actor={post.actor} time={post.date_created} />
                <RichText text={post.content} media={post.media} />
              </article>
            </li>
          ))}
        </ol>
      )}
      <div className="vf-visually-hidden" role="status">
        {announcement}
      </div>
    </>
  );
}

export function LiveStory({ vfContainerId, limit, href, title }: LiveStoryProps) {
  const t = useT();
  const headingId = useId();
  const { status, sectionUuid, containerId, retry } = useElementContainer(vfContainerId);
  const link = useSiteUrls().link(followHref(href));

  let body;
  if (status === 'failed') body = <ErrorState message={t('conversations.liveblog.error.load')} onRetry={retry} />;
  else if (status !== 'ready' || !sectionUuid) body = <Skeleton lines={3} label={t('conversations.liveStory.loading')} />;
  else body = <Posts sectionUuid={sectionUuid} containerId={containerId} limit={storyLimit(limit)} />;

  return (
    <section className="vf-live-story" part="base" aria-labelledby={headingId}>
      <h2 className="vf-live-story__title" id={headingId} part="title">
        <span className="vf-live-story__dot" aria-hidden="true" />
        {title?.trim() || t('conversations.liveStory.title')}
      </h2>
      {body}
      {link ? (
        <a className="vf-live-story__follow" part="follow" href={link}>
          {t('conversations.liveStory.follow')}
        </a>
      ) : null}
    </section>
  );
}
