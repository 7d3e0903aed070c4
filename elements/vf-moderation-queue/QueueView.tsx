/**
 * A moderator's queues: tabs with live counts (Notices and Appeals among them, their own panels), what just happened (with Undo), filters, the items
 * that arrived live behind "N new", the page of items (or its loading, empty and error states),
 * Newer/Older pages, and the tools opened from an item (user drawer, ban dialog, key list).
 * Subscribes to the site's moderation channel while shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiError } from '../../core/api/errors.ts';
import type { LegalCounts } from '../../core/api/legalModeration.ts';
import { revealArrived, useModerationCountsQuery, useModerationQueueQuery } from '../../core/api/moderation.ts';
import { onLiveDecision } from '../../core/api/moderationLive.ts';
import type { QueueArgs, QueueFilters as Filters } from '../../core/api/moderationTypes.ts';
import type { Actor } from '../../core/api/types.ts';
import type { Decision, QueueCounts, QueueItem } from '../../core/moderation/types.ts';
import { useRealtimeSubscription } from '../../core/realtime/useRealtimeSubscription.ts';
import { useAppDispatch } from '../../core/store/hooks.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { useHostEvent } from '../ui/hostEvents.ts';
import { LazyBanDialog } from '../ui/moderationTools.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useT } from '../ui/useIntl.ts';
import { AppealsPanel } from './appeals/AppealsPanel.tsx';
import { KeysDialog } from './KeysDialog.tsx';
import { isLegalQueue, LEGAL_KEYS, type TabName } from './notices/legalQueues.ts';
import { NoticesPanel } from './notices/NoticesPanel.tsx';
import { ProfilesList } from './ProfilesList.tsx';
import { QueueFilters } from './QueueFilters.tsx';
import { QueueList } from './QueueList.tsx';
import { PANEL_ID, QueueTabs, tabId } from './QueueTabs.tsx';
import { UndoBar } from './UndoBar.tsx';
import { UserDrawer } from './UserDrawer.tsx';
import { useDecisions } from './useDecisions.ts';

const K = 'page_settings.moderationQueue';
const SKELETON_LINES = 12;

/** Detail of `vf-moderation-decision`: what the moderator decided, on which items. */
export interface ModerationDecisionDetail {
  decision: Decision;
  items: string[];
}

export function QueueView({ sectionUuid, viewerUuid, initialQueue, onForbidden }: {
  sectionUuid: string; viewerUuid: string; initialQueue: TabName; onForbidden(): void;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const emit = useHostEvent();
  const [queue, setQueue] = useState<TabName>(initialQueue);
  const [filters, setFilters] = useState<Filters>({ order: 'newest' });
  const [authorName, setAuthorName] = useState<string | null>(null);
  /** The cursors of the pages shown before this one: the last is this page's. */
  const [cursors, setCursors] = useState<string[]>([]);
  const [drawer, setDrawer] = useState<{ uuid: string; name: string } | null>(null);
  const [banning, setBanning] = useState<Actor | null>(null);
  const [help, setHelp] = useState(false);

  useRealtimeSubscription(useMemo(() => [{ key: 'moderation_section_uuid', values: [sectionUuid] }], [sectionUuid]));
  const counts = useModerationCountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const allCounts = counts.currentData as (QueueCounts & LegalCounts) | undefined;
  const contentQueue = queue === 'profiles' || isLegalQueue(queue) ? null : queue;
  const args = useMemo<QueueArgs>(() => ({ queue: contentQueue ?? 'pending', ...filters, cursor: cursors.at(-1) }), [contentQueue, filters, cursors]);
  const page = useModerationQueueQuery(args, { skip: !contentQueue, refetchOnMountOrArgChange: true });
  const items = page.currentData?.items ?? [];
  const arrived = page.currentData?.arrived?.length ?? 0;
  const decisions = useDecisions(args, items);
  const forbidden = [counts.error, page.error].some((e) => (e as ApiError | undefined)?.error_status === 403);

  useEffect(() => {
    if (forbidden) onForbidden();
  }, [forbidden]); // eslint-disable-line react-hooks/exhaustive-deps

  // Another moderator's decision takes an item away at once (moderationLive.ts): say who, politely.
  const shown = useRef(items);
  shown.current = items;
  useEffect(
    () => onLiveDecision(({ content_uuid, decision, by }) => {
      if (by.uuid === viewerUuid || !shown.current.some((item) => item.uuid === content_uuid)) return;
      decisions.setNotice({ text: t(`${K}.decidedElsewhere.${decision}`, { name: by.name }), urgent: false });
    }),
    [viewerUuid], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const changeQueue = (next: TabName) => {
    setQueue(next);
    setCursors([]);
  };
  const changeFilters = (next: Filters) => {
    setFilters(next);
    setCursors([]);
    if (!next.author) setAuthorName(null);
  };
  const decide = async (decision: Decision, chosen: QueueItem[]) => {
    const decided = await decisions.run(decision, chosen);
    if (decided.length) emit<ModerationDecisionDetail>('vf-moderation-decision', { decision, items: decided });
  };

  let body;
  const legal = { labelledBy: tabId(queue), onNotice: decisions.setNotice, onHelp: () => setHelp(true) };
  if (queue === 'notices') body = <NoticesPanel key="notices" {...legal} openCount={allCounts?.notices} />;
  else if (queue === 'appeals') body = <AppealsPanel key="appeals" {...legal} openCount={allCounts?.appeals} viewerUuid={viewerUuid} />;
  else if (!contentQueue) body = <ProfilesList order={filters.order} labelledBy={tabId(queue)} />;
  else if (page.isError && !page.currentData) {
    body = <ErrorState message={t(`${K}.error`)} retryLabel={t(`${K}.retry`)} onRetry={() => void page.refetch()} />;
  } else if (!page.currentData) body = <Skeleton lines={SKELETON_LINES} label={t(`${K}.loading`)} />;
  else if (items.length === 0 && arrived === 0) body = <p className="vf-state vf-state--empty" part="empty">{t(`${K}.empty.${queue}`)}</p>;
  else {
    body = (
      <QueueList
        items={items}
        busy={decisions.busy}
        labelledBy={tabId(queue)}
        onDecide={(decision, chosen) => void decide(decision, chosen)}
        onUndo={() => void decisions.undo()}
        onHelp={() => setHelp(true)}
        onAuthor={(item) => setDrawer({ uuid: item.author.uuid, name: item.author.name })}
        onBan={(item) => setBanning({ uuid: item.author.uuid, name: item.author.name, pic_small: item.author.pic_small })}
      />
    );
  }
  const next = page.currentData?.next_cursor;

  return (
    <>
      <QueueTabs queue={queue} counts={allCounts} onChange={changeQueue} />
      <UndoBar notice={decisions.notice} canUndo={!!decisions.undoable} onUndo={() => void decisions.undo()} />
      <div className="vf-mq__panel" id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(queue)} part="panel">
        {contentQueue ? <QueueFilters filters={filters} authorName={authorName} onChange={changeFilters} /> : null}
        <div className="vf-mq__toolbar">
          {arrived > 0 ? (
            <Button part="new-items" variant="primary" onClick={() => revealArrived(dispatch, args)}>
              {t(`${K}.arrived`, { count: arrived })}
            </Button>
          ) : null}
          <Button part="help" variant="ghost" aria-haspopup="dialog" onClick={() => setHelp(true)}>{t(`${K}.keys.open`)}</Button>
        </div>
        {body}
        {contentQueue && (cursors.length > 0 || next) ? (
          <nav className="vf-mq__pages" aria-label={t(`${K}.pages`)}>
            {cursors.length > 0 ? <Button part="newer" onClick={() => setCursors(cursors.slice(0, -1))}>{t(`${K}.newer`)}</Button> : null}
            {next ? <Button part="older" onClick={() => setCursors([...cursors, next])}>{t(`${K}.older`)}</Button> : null}
          </nav>
        ) : null}
      </div>
      {drawer ? (
        <UserDrawer
          userUuid={drawer.uuid}
          name={drawer.name}
          onClose={() => setDrawer(null)}
          onFilter={(uuid, name) => {
            setDrawer(null);
            setAuthorName(name);
            changeFilters({ ...filters, author: uuid });
          }}
        />
      ) : null}
      {banning ? (
        <LazyBanDialog
          author={banning}
          onClose={() => setBanning(null)}
          onBanned={() => decisions.setNotice({ text: t(`${K}.banned`, { name: banning.name }), urgent: false })}
        />
      ) : null}
      {help ? <KeysDialog onClose={() => setHelp(false)} keys={isLegalQueue(queue) ? LEGAL_KEYS[queue] : undefined} /> : null}
    </>
  );
}
