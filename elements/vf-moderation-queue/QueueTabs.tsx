/** The queues as tabs with their live counts (the ARIA tabs pattern: arrow keys, Home and End move). */
import type { KeyboardEvent } from 'react';
import { QUEUES, type QueueCounts, type QueueName } from '../../core/moderation/types.ts';
import { useIntl, useT } from '../ui/useIntl.ts';

const K = 'page_settings.moderationQueue';
export const tabId = (queue: QueueName) => `vf-mq-tab-${queue}`;
export const PANEL_ID = 'vf-mq-panel';

export function QueueTabs({ queue, counts, onChange }: { queue: QueueName; counts: QueueCounts | undefined; onChange(queue: QueueName): void }) {
  const t = useT();
  const intl = useIntl();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = QUEUES.indexOf(queue);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? QUEUES.length - 1 : step === undefined ? null : (at + step + QUEUES.length) % QUEUES.length;
    if (next === null) return;
    event.preventDefault();
    onChange(QUEUES[next]!);
    (event.currentTarget.parentElement?.querySelector(`#${tabId(QUEUES[next]!)}`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="vf-mq__tabs" role="tablist" aria-label={t(`${K}.queues`)} part="tabs">
      {QUEUES.map((name) => (
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
          {t(`${K}.queue.${name}`)}{' '}
          <span className="vf-mq__count" part="count" data-queue={name}>{counts ? intl.formatNumber(counts[name]) : '…'}</span>
        </button>
      ))}
    </div>
  );
}
