/** The queues (the content queues, then Notices and Appeals) as tabs with their live counts (the ARIA tabs pattern: arrow keys, Home and End move). */
import type { KeyboardEvent } from 'react';
import type { LegalCounts } from '../../core/api/legalModeration.ts';
import type { QueueCounts } from '../../core/moderation/types.ts';
import { useIntl, useT } from '../ui/useIntl.ts';
import { isLegalQueue, TABS, type TabName } from './notices/legalQueues.ts';

const K = 'page_settings.moderationQueue';
export const tabId = (queue: TabName) => `vf-mq-tab-${queue}`;
export const PANEL_ID = 'vf-mq-panel';

export function QueueTabs({ queue, counts, onChange }: { queue: TabName; counts: (QueueCounts & LegalCounts) | undefined; onChange(queue: TabName): void }) {
  const t = useT();
  const intl = useIntl();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = TABS.indexOf(queue);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step === undefined ? null : (at + step + TABS.length) % TABS.length;
    if (next === null) return;
    event.preventDefault();
    onChange(TABS[next]!);
    (event.currentTarget.parentElement?.querySelector(`#${tabId(TABS[next]!)}`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="vf-mq__tabs" role="tablist" aria-label={t(`${K}.queues`)} part="tabs">
      {TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={tabId(name)}
          className="vf-mq__tab"
          part={name === queue ? 'tab tab-selected' : 'tab'}
          aria-selected={name === queue}
          aria-controls={PANEL_ID}
          tabIndex={name === queue ? 0 : -1}
          onClick={() => onChange(name)}
          onKeyDown={onKeyDown}
        >
          {t(isLegalQueue(name) ? `${K}.${name}.tab` : `${K}.queue.${name}`)}{' '}
          <span className="vf-mq__count" part="count" data-queue={name}>{counts?.[name] !== undefined ? intl.formatNumber(counts[name]) : '…'}</span>
        </button>
      ))}
    </div>
  );
}
