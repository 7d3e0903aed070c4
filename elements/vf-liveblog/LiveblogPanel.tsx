/**
 * One live blog: loads it (made on first use, content.md §4 "Widget load"), subscribes to its
 * realtime events while mounted (they patch the same caches this reads), and shows — for editors
 * (live_content.create) — the composer and End / Reopen; for everyone the ended, offline and
 * live-updates-paused notices and the posts.
 */
import { useState } from 'react';
import { findCachedContent, liveblogApi, useLiveblogQuery } from '../../core/api/liveblog.ts';
import type { Container } from '../../core/api/types.ts';
import { selectIsOnline } from '../../core/network/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { LivePaused } from '../ui/LivePaused.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { type ReactionReplay, useGuestReactionReplay } from '../ui/useGuestReactionReplay.ts';
import { useT } from '../ui/useIntl.ts';
import { usePermission } from '../ui/usePermission.ts';
import { useRunMutation } from '../ui/useRunMutation.ts';
import { LazyPostComposer } from './lazyComposer.ts';
import { PostList } from './PostList.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { liveblogArgs } from './firstPage.ts';

/** A guest's like, replayed 1 s after login (content.md §4), on the live blog's caches. */
const LIVEBLOG_REACTIONS: ReactionReplay = {
  toggle: liveblogApi.endpoints.toggleLiveblogReaction.initiate,
  find: findCachedContent,
};

export interface LiveblogPanelProps {
  sectionUuid: string;
  containerId: string;
  limit: number;
  loadingText: string;
}

/** Editors end the live blog (no more replies; they may still post) or reopen it. */
function EndControl({ sectionUuid, container }: { sectionUuid: string; container: Container }) {
  const t = useT();
  const [busy, run] = useRunMutation();
  const [error, setError] = useState<string | null>(null);
  const closed = container.settings.is_closed;
  const toggle = async () => {
    setError(null);
    const args = { sectionUuid, containerUuid: container.content_container_uuid, settings: { is_closed: !closed } };
    await run(liveblogApi.endpoints.changeLiveblogSettings.initiate(args)).catch(() => setError(t('conversations.settings.error')));
  };
  return (
    <div className="vf-liveblog__end">
      <Button part="end-button" busy={busy} onClick={() => void toggle()}>
        {t(closed ? 'conversations.liveblog.reopen' : 'conversations.liveblog.end')}
      </Button>
      <ErrorAlert message={error} />
    </div>
  );
}

export function LiveblogPanel({ sectionUuid, containerId, limit, loadingText }: LiveblogPanelProps) {
  const t = useT();
  const query = useLiveblogQuery(liveblogArgs(sectionUuid, containerId, limit));
  const container = query.data;
  const containerUuid = container?.content_container_uuid;
  const live = useContainerSubscription(containerUuid);
  const online = useAppSelector(selectIsOnline);
  const editor = usePermission('live_content', 'create').allowed;
  useGuestReactionReplay(containerUuid, LIVEBLOG_REACTIONS);

  if (query.isError && !container) {
    return <ErrorState message={t('conversations.liveblog.error.load')} onRetry={() => void query.refetch()} />;
  }
  if (!container || !containerUuid) return <Skeleton label={loadingText} />;
  const closed = container.settings.is_closed;

  return (
    <div className="vf-liveblog__panel">
      {editor ? (
        <div className="vf-liveblog__editor" part="editor-tools">
          <LazyPostComposer sectionUuid={sectionUuid} containerUuid={containerUuid} />
          <EndControl sectionUuid={sectionUuid} container={container} />
        </div>
      ) : null}
      {closed ? (
        <p className="vf-state vf-state--closed" part="closed" role="status">
          {t('conversations.liveblog.closed')}
        </p>
      ) : null}
      {!online ? (
        <p className="vf-state vf-state--offline" part="offline" role="status">
          {t('conversations.liveblog.offline')}
        </p>
      ) : live === 'error_subscribing' ? (
        <LivePaused />
      ) : null}
      <PostList sectionUuid={sectionUuid} containerUuid={containerUuid} limit={limit} closed={closed} editor={editor} loadingText={loadingText} />
    </div>
  );
}
