/**
 * What the Notices and Appeals tabs share around their lists: Open or Decided (a select), the
 * loading, error and empty states, "Show the latest" when the live count no longer matches the
 * open items listed (fetched at once when nothing is listed, so nothing moves under the
 * moderator's hands), and Newer/Older pages.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { LegalQueueState } from '../../../core/api/legalModeration.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useT } from '../../ui/useIntl.ts';
import type { LegalQueue } from './legalQueues.ts';

const K = 'page_settings.moderationQueue';
const SKELETON_LINES = 12;

export interface LegalPanelProps {
  queue: LegalQueue;
  state: LegalQueueState;
  onState(state: LegalQueueState): void;
  /** The page as read (undefined while it loads), and whether reading it failed. */
  page: { items: readonly { state: string; decided_by: unknown }[]; next_cursor: string | null } | undefined;
  failed: boolean;
  fetching: boolean;
  onRetry(): void;
  /** The live count of open items (`/moderation/counts`). */
  openCount: number | undefined;
  cursors: string[];
  onCursors(cursors: string[]): void;
  children: ReactNode;
}

export function LegalPanel({ queue, state, onState, page, failed, fetching, onRetry, openCount, cursors, onCursors, children }: LegalPanelProps) {
  const t = useT();
  const id = useId();
  const items = page?.items ?? [];
  const listedOpen = items.filter((item) => item.state === 'open' && !item.decided_by).length;
  // Only a whole list (one page, the first) can be compared with the count.
  const whole = state === 'open' && !!page && cursors.length === 0 && page.next_cursor === null;
  const stale = whole && openCount !== undefined && openCount !== listedOpen && !fetching;
  const readFor = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!stale || items.length > 0 || readFor.current === openCount) return;
    readFor.current = openCount;
    onRetry();
  }, [stale, openCount, items.length]); // eslint-disable-line react-hooks/exhaustive-deps

  let body;
  if (failed && !page) body = <ErrorState message={t(`${K}.${queue}.error`)} retryLabel={t(`${K}.retry`)} onRetry={onRetry} />;
  else if (!page) body = <Skeleton lines={SKELETON_LINES} label={t(`${K}.${queue}.loading`)} />;
  else if (items.length === 0) body = <p className="vf-state vf-state--empty" part="empty">{t(`${K}.${queue}.empty.${state}`)}</p>;
  else body = children;

  return (
    <>
      <div className="vf-mq__filters vf-mq__legal-filters" part="filters">
        <div className="vf-field">
          <label htmlFor={`${id}-state`}>{t(`${K}.${queue}.show`)}</label>
          <select id={`${id}-state`} part="legal-state" value={state} onChange={(e) => onState(e.target.value as LegalQueueState)}>
            <option value="open">{t(`${K}.${queue}.state.open`)}</option>
            <option value="decided">{t(`${K}.${queue}.state.decided`)}</option>
          </select>
        </div>
        {stale && items.length > 0 ? (
          <Button part="new-items" variant="primary" onClick={() => onRetry()}>
            {t(`${K}.${queue}.latest`, { count: openCount ?? 0 })}
          </Button>
        ) : null}
      </div>
      {body}
      {cursors.length > 0 || page?.next_cursor ? (
        <nav className="vf-mq__pages" aria-label={t(`${K}.pages`)}>
          {cursors.length > 0 ? <Button part="newer" onClick={() => onCursors(cursors.slice(0, -1))}>{t(`${K}.newer`)}</Button> : null}
          {page?.next_cursor ? <Button part="older" onClick={() => onCursors([...cursors, page.next_cursor!])}>{t(`${K}.older`)}</Button> : null}
        </nav>
      ) : null}
    </>
  );
}
