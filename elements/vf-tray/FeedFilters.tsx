/**
 * The feed's filters (content.md §3 "Notification list filters"): all, likes, replies,
 * editor's picks, as a toolbar of toggle buttons (aria-pressed). One tab stop; arrow keys,
 * Home and End move between them.
 */
import { useRef, type KeyboardEvent } from 'react';
import { FEED_FILTERS, type FeedFilter } from '../../core/api/notifications.ts';
import { useT } from '../ui/useIntl.ts';

export function FeedFilters({ value, onChange }: { value: FeedFilter; onChange(filter: FeedFilter): void }) {
  const t = useT();
  const buttons = useRef<Partial<Record<FeedFilter, HTMLButtonElement | null>>>({});

  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = FEED_FILTERS.indexOf(value);
    const next =
      event.key === 'ArrowRight' ? at + 1 : event.key === 'ArrowLeft' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? -1 : null;
    if (next === null) return;
    event.preventDefault();
    const filter = FEED_FILTERS[(next + FEED_FILTERS.length) % FEED_FILTERS.length]!;
    onChange(filter);
    buttons.current[filter]?.focus();
  };

  return (
    <div role="toolbar" className="vf-feed__filters" part="feed-filters" aria-label={t('base.tray.feed.filter.label')}>
      {FEED_FILTERS.map((filter) => (
        <button
          key={filter}
          ref={(el) => {
            buttons.current[filter] = el;
          }}
          type="button"
          className="vf-feed__filter"
          aria-pressed={value === filter}
          tabIndex={value === filter ? 0 : -1}
          onClick={() => onChange(filter)}
          onKeyDown={onKey}
        >
          {t(`base.tray.feed.filter.${filter}`)}
        </button>
      ))}
    </div>
  );
}
