/**
 * Above the list: the "All comments" / "Editor's picks" tabs (the picks tab only once there are
 * enough picks) and the sort menu. Tabs follow the ARIA tabs pattern: arrow keys move between
 * them, the list below is their tabpanel.
 */
import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import type { SortOrder } from '../../core/api/types.ts';
import { SORT_ORDERS } from '../../core/settings/clamp.ts';
import { useT } from '../ui/useIntl.ts';

export type Tab = 'all' | 'picks';
const TABS: readonly Tab[] = ['all', 'picks'];

export interface ToolbarProps {
  tab: Tab;
  /** The Editor's picks tab is available. */
  picks: boolean;
  onTab(tab: Tab): void;
  sortedBy: SortOrder;
  onSort(sort: SortOrder): void;
  /** The tabpanel's id. */
  panelId: string;
  tabId(tab: Tab): string;
}

export function Toolbar({ tab, picks, onTab, sortedBy, onSort, panelId, tabId }: ToolbarProps) {
  const t = useT();
  const sortId = useId();
  const tabs = picks ? TABS : [];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Two tabs: either arrow key moves to the other one, in both writing directions.
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + 1) % tabs.length]!;
    onTab(next);
    (event.currentTarget.parentElement?.querySelector(`#${CSS.escape(tabId(next))}`) as HTMLElement | null)?.focus();
  };

  return (
    <div className="vf-toolbar" part="toolbar">
      {tabs.length > 0 ? (
        <div className="vf-tabs" role="tablist" aria-label={t('conversations.tabs.label')}>
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              className="vf-tab"
              part={name === tab ? 'tab tab-selected' : 'tab'}
              aria-selected={name === tab}
              aria-controls={panelId}
              tabIndex={name === tab ? 0 : -1}
              onClick={() => onTab(name)}
              onKeyDown={onKeyDown}
            >
              {t(name === 'all' ? 'conversations.tabs.all' : 'conversations.tabs.picks')}
            </button>
          ))}
        </div>
      ) : null}
      <div className="vf-sort">
        <label htmlFor={sortId}>{t('conversations.sort.label')}</label>
        <select id={sortId} part="sort" value={sortedBy} onChange={(event) => onSort(event.currentTarget.value as SortOrder)}>
          {SORT_ORDERS.map((order) => (
            <option key={order} value={order}>
              {t(`conversations.sort.${order}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
