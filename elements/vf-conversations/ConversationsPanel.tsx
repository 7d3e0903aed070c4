/**
 * One container's conversation: heading with the count, a guest's Log in and Sign up, the
 * compose box, the tabs and sort menu, the deeplinked comment, and the list. Subscribes to the
 * container's realtime events while mounted (they patch the same RTK Query caches this reads).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { commentMutationsApi, useCommentsInfiniteQuery, useContainerQuery } from '../../core/api/comments.ts';
import { findCachedComment } from '../../core/api/commentCacheUpdates.ts';
import type { RealtimeRule, SortOrder } from '../../core/api/types.ts';
import { useRealtimeSubscription } from '../../core/realtime/useRealtimeSubscription.ts';
import { prepareRelativeTimes } from '../ui/RelativeTime.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useIntl, useT } from '../ui/useIntl.ts';
import { CommentsView } from './CommentsView.tsx';
import { Compose } from './Compose.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { FocusTargetProvider, useFocusRequest } from './focusTarget.tsx';
import { GuestLoginButtons } from './GuestLoginButtons.tsx';
import { LivePaused } from '../ui/LivePaused.tsx';
import { lazyChunk } from '../ui/lazyChunk.tsx';
import { usePermission } from '../ui/usePermission.ts';
import type { ConversationSettings } from './settings.ts';
import { listArgs } from './firstPage.ts';
import { type Tab, Toolbar } from './Toolbar.tsx';
import { type ReactionReplay, useGuestReactionReplay } from '../ui/useGuestReactionReplay.ts';

// Moderators' settings and a linked comment's thread: chunks of their own, fetched only when shown.
const LazyContainerSettings = lazyChunk(() => import('./ContainerSettingsControl.tsx').then((module) => module.ContainerSettingsControl));
const LazyDeeplinkedThread = lazyChunk(() => import('./DeeplinkedThread.tsx').then((module) => module.DeeplinkedThread), 3);

export interface ConversationsPanelProps {
  sectionUuid: string;
  containerId: string;
  settings: ConversationSettings;
  loadingText: string;
}

/** A choice the reader makes that starts from an attribute and resets when the attribute changes. */
function useChoice<T>(initial: T): [T, (value: T) => void] {
  const [choice, setChoice] = useState({ initial, value: initial });
  if (choice.initial !== initial) setChoice({ initial, value: initial });
  return [choice.initial === initial ? choice.value : initial, (value) => setChoice({ initial, value })];
}

/** Replaying a guest's like after login (content.md §4) on the comments' caches. */
const COMMENT_REACTIONS: ReactionReplay = {
  toggle: commentMutationsApi.endpoints.toggleReaction.initiate,
  find: findCachedComment,
};

export function ConversationsPanel({ sectionUuid, containerId, settings, loadingText }: ConversationsPanelProps) {
  const t = useT();
  const ids = useId();
  const containerQuery = useContainerQuery({ sectionUuid, containerId });
  const container = containerQuery.data;
  const containerUuid = container?.content_container_uuid;
  const [sortedBy, setSortedBy] = useChoice<SortOrder>(settings.sortedBy);
  const [tab, setTab] = useChoice<Tab>(settings.startOnPicks ? 'picks' : 'all');
  // The deeplinked comment in its section; the first revealed new comment in the list.
  const linked = useFocusRequest(settings.deeplink);
  const revealed = useFocusRequest(null);
  const moderate = usePermission('comment', 'moderate');

  useGuestReactionReplay(containerUuid, COMMENT_REACTIONS);
  const intl = useIntl();
  useEffect(() => {
    const timer = setTimeout(() => prepareRelativeTimes(intl));
    return () => clearTimeout(timer);
  }, [intl]);
  // A moderator may close the conversation while it is open: re-read it when the reader comes back.
  const { refetch } = containerQuery;
  useEffect(() => {
    const again = () => document.visibilityState === 'visible' && void refetch();
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [refetch]);

  const rules = useMemo<RealtimeRule[] | null>(
    () => (containerUuid ? [{ key: 'content_container_uuid', values: [containerUuid] }] : null),
    [containerUuid],
  );
  const live = useRealtimeSubscription(rules);

  const { all: allArgs, picks: picksArgs } = listArgs(settings, sectionUuid, containerUuid ?? '', sortedBy);
  const picks = useCommentsInfiniteQuery(picksArgs, { skip: !containerUuid });
  const picksCount = picks.data?.pages.reduce((n, page) => n + page.contents.length, 0) ?? 0;
  const picksActive = !!picks.data && picksCount >= settings.featuredThreshold;
  const shown: Tab = tab === 'picks' && picksActive ? 'picks' : 'all';

  if (containerQuery.isError) {
    return <ErrorState message={t('conversations.error.load')} onRetry={() => void containerQuery.refetch()} />;
  }
  if (!container || !containerUuid) return <Skeleton label={loadingText} />;

  const closed = container.settings.is_closed;
  const panelId = `${ids}-panel`;
  const tabId = (name: Tab) => `${ids}-tab-${name}`;

  return (
    <div className="vf-panel">
      <h2 className="vf-heading" part="heading">
        {t('conversations.heading', { count: container.total_visible_content })}
      </h2>
      <GuestLoginButtons />
      {moderate.allowed ? <LazyContainerSettings sectionUuid={sectionUuid} container={container} /> : null}
      <Compose sectionUuid={sectionUuid} containerUuid={containerUuid} closed={closed} onClosed={() => void refetch()} />
      {live === 'error_subscribing' ? <LivePaused /> : null}
      {settings.deeplink ? (
        <FocusTargetProvider value={linked.request}>
          <LazyDeeplinkedThread
            sectionUuid={sectionUuid}
            containerUuid={containerUuid}
            contentUuid={settings.deeplink}
            paginationReplyLimit={settings.paginationReplyLimit}
            loadingText={loadingText}
          />
        </FocusTargetProvider>
      ) : null}
      <Toolbar tab={shown} picks={picksActive} onTab={setTab} sortedBy={sortedBy} onSort={setSortedBy} panelId={panelId} tabId={tabId} />
      <FocusTargetProvider value={revealed.request}>
        <div id={panelId} {...(picksActive ? { role: 'tabpanel', 'aria-labelledby': tabId(shown) } : {})}>
          <CommentsView
            key={shown}
            args={shown === 'picks' ? picksArgs : allArgs}
            paginationReplyLimit={settings.paginationReplyLimit}
            promo={{ first: settings.firstPromoPosition, interval: settings.promoInterval, replies: settings.replyInterval }}
            empty={shown === 'picks' ? <EmptyState text={t('conversations.picks.empty')} /> : <EmptyState />}
            loadingText={loadingText}
            offersNew={shown === 'all'}
            onReveal={revealed.focusOn}
          />
        </div>
      </FocusTargetProvider>
    </div>
  );
}
