/**
 * The posts: pinned ones on top (marked), then the rest newest first, "Load older posts", the
 * empty and error states. Posts by others that arrive live are held (core/api/heldComments.ts)
 * while the reader is scrolled away from the top: a "N new posts" button shows them and moves
 * focus to the newest; a reader at the top simply sees them come in. A polite live region
 * announces arrivals either way.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { releaseHeldComments } from '../../core/api/heldComments.ts';
import { useHeldComments } from '../ui/useHeldComments.ts';
import { useLiveblogPostsInfiniteQuery } from '../../core/api/liveblog.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { SurfaceAd } from '../ui/SurfaceAd.tsx';
import { Post } from './Post.tsx';
import { useAdAnchors } from './adAnchors.ts';
import { postsArgs } from './firstPage.ts';


export interface PostListProps {
  sectionUuid: string;
  containerUuid: string;
  limit: number;
  closed: boolean;
  editor: boolean;
  loadingText: string;
}

/**
 * Whether the reader is at the top of the live blog: its top edge is in view or still below the
 * viewport (not yet scrolled to). Without IntersectionObserver: always.
 */
function useAtTop(): [(node: HTMLElement | null) => void, boolean] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [atTop, setAtTop] = useState(true);
  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setAtTop(entry.isIntersecting || entry.boundingClientRect.top > 0);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, atTop];
}

export function PostList({ sectionUuid, containerUuid, limit, closed, editor, loadingText }: PostListProps) {
  const t = useT();
  const list = useLiveblogPostsInfiniteQuery(postsArgs(sectionUuid, containerUuid, limit));
  // Nothing is held in a server-painted page (nor while the browser hydrates it).
  const held = useHeldComments(containerUuid);
  const [topRef, atTop] = useAtTop();
  const [announcement, setAnnouncement] = useState('');
  const [focusUuid, setFocusUuid] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const pinned = list.data?.pages[0]?.pinned ?? [];
  const all = (list.data?.pages ?? []).flatMap((page) => page.contents);
  const heldHere = held.filter((id) => all.some((post) => post.content_uuid === id));
  const posts = heldHere.length ? all.filter((post) => !heldHere.includes(post.content_uuid)) : all;
  const adAfter = useAdAnchors(posts.map((post) => post.content_uuid));

  // At the top, or with nothing else to read, nothing jumps: new posts show at once (before paint).
  const showNow = heldHere.length > 0 && (atTop || posts.length + pinned.length === 0);
  useLayoutEffect(() => {
    if (!showNow) return;
    setAnnouncement(t('conversations.liveblog.announce', { count: heldHere.length }));
    // The reader reached the top with the button focused: focus goes to the newest post, not away.
    if (buttonRef.current?.matches(':focus')) setFocusUuid(heldHere[0] ?? null);
    releaseHeldComments(containerUuid);
  }, [showNow, heldHere, containerUuid, t]);

  useLayoutEffect(() => {
    if (!focusUuid) return;
    const target = listRef.current?.querySelector<HTMLElement>(`[data-uuid="${focusUuid}"]`);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    setFocusUuid(null);
  }, [focusUuid, posts.length]);

  if (list.isError && !list.data) {
    return <ErrorState message={t('conversations.liveblog.error.load')} onRetry={() => void list.refetch()} />;
  }
  if (!list.data) return <Skeleton label={loadingText} />;

  const reveal = () => {
    setFocusUuid(heldHere[0] ?? null);
    setAnnouncement('');
    releaseHeldComments(containerUuid);
  };
  const item = { sectionUuid, closed, editor };

  return (
    <div className="vf-liveblog__posts">
      <div className="vf-liveblog__top" ref={topRef} />
      <div className="vf-new-posts" role="status">
        {/* Kept while the posts are released at the top, so focus on it can move to them. */}
        {heldHere.length > 0 ? (
          <Button ref={buttonRef} part="new-posts" onClick={reveal}>
            {t('conversations.liveblog.newPosts', { count: heldHere.length })}
          </Button>
        ) : (
          <span className="vf-visually-hidden">{announcement}</span>
        )}
      </div>
      {pinned.length > 0 ? (
        <ol className="vf-liveblog__list vf-liveblog__list--pinned" part="pinned" aria-label={t('conversations.liveblog.pinnedGroup')}>
          {pinned.map((post) => (
            <li key={post.content_uuid}>
              <Post post={post} {...item} />
            </li>
          ))}
        </ol>
      ) : null}
      {posts.length === 0 && pinned.length === 0 ? (
        <EmptyState text={t('conversations.liveblog.empty')} />
      ) : (
        <ol ref={listRef} className="vf-liveblog__list" part="list" aria-label={t('conversations.liveblog.posts')}>
          {posts.map((post) => (
            <li key={post.content_uuid}>
              <Post post={post} {...item} />
              {adAfter.has(post.content_uuid) ? <SurfaceAd surface="liveblog" slotName={`ad-${post.content_uuid}`} /> : null}
            </li>
          ))}
        </ol>
      )}
      {list.isError ? <ErrorState message={t('conversations.liveblog.error.more')} onRetry={() => void list.fetchNextPage()} /> : null}
      {list.hasNextPage && !list.isError ? (
        <div className="vf-more">
          <Button part="load-more" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('conversations.liveblog.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
