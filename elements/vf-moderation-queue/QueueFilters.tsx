/**
 * The queue's filters: kind and order (applied at once), the page (search by title, then choose),
 * text and the pages' section (applied with Search), and the author chosen from the user drawer
 * (shown with a button that clears it).
 */
import { useId, useState, type FormEvent } from 'react';
import { useModerationPagesQuery } from '../../core/api/moderation.ts';
import type { QueueFilters as Filters, QueueOrder } from '../../core/api/moderationTypes.ts';
import { QUEUE_KINDS, type QueueKind } from '../../core/moderation/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';

const K = 'page_settings.moderationQueue';
const ORDERS: readonly QueueOrder[] = ['newest', 'oldest'];
/** Page titles are searched from this many characters on. */
const PAGE_SEARCH_MIN = 2;

export interface QueueFiltersProps {
  filters: Filters;
  /** The author filter's name, when one is set. */
  authorName: string | null;
  onChange(filters: Filters): void;
}

export function QueueFilters({ filters, authorName, onChange }: QueueFiltersProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');
  const [section, setSection] = useState(filters.pageSection ?? '');
  const [pageSearch, setPageSearch] = useState('');
  const searching = pageSearch.trim().length >= PAGE_SEARCH_MIN;
  const pages = useModerationPagesQuery(pageSearch.trim(), { skip: !searching });
  const set = (change: Partial<Filters>) => onChange({ ...filters, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: text.trim() || undefined, pageSection: section.trim() || undefined });
  };
  return (
    <form className="vf-mq__filters" part="filters" role="search" aria-label={t(`${K}.filters`)} onSubmit={submit}>
      <div className="vf-field">
        <label htmlFor={`${id}-kind`}>{t(`${K}.filter.kind`)}</label>
        <select id={`${id}-kind`} part="filter-kind" value={filters.kind ?? ''} onChange={(e) => set({ kind: (e.target.value || undefined) as QueueKind | undefined })}>
          <option value="">{t(`${K}.filter.allKinds`)}</option>
          {QUEUE_KINDS.map((kind) => <option key={kind} value={kind}>{t(`${K}.kind.${kind}`)}</option>)}
        </select>
      </div>
      <div className="vf-field">
        <label htmlFor={`${id}-page-search`}>{t(`${K}.filter.pageSearch`)}</label>
        <input id={`${id}-page-search`} type="search" part="filter-page-search" value={pageSearch} onChange={(e) => setPageSearch(e.target.value)} />
      </div>
      <div className="vf-field">
        <label htmlFor={`${id}-page`}>{t(`${K}.filter.page`)}</label>
        <select id={`${id}-page`} part="filter-page" value={filters.container ?? ''} onChange={(e) => set({ container: e.target.value || undefined })}>
          <option value="">{t(`${K}.filter.allPages`)}</option>
          {(searching ? (pages.currentData ?? []) : []).map((page) => (
            <option key={page.container_uuid} value={page.container_uuid}>{page.title}</option>
          ))}
          {filters.container && !pages.currentData?.some((p) => p.container_uuid === filters.container) ? (
            <option value={filters.container}>{t(`${K}.filter.chosenPage`)}</option>
          ) : null}
        </select>
      </div>
      <div className="vf-field">
        <label htmlFor={`${id}-order`}>{t(`${K}.filter.order`)}</label>
        <select id={`${id}-order`} part="filter-order" value={filters.order} onChange={(e) => set({ order: e.target.value as QueueOrder })}>
          {ORDERS.map((order) => <option key={order} value={order}>{t(`${K}.order.${order}`)}</option>)}
        </select>
      </div>
      <div className="vf-field">
        <label htmlFor={`${id}-q`}>{t(`${K}.filter.text`)}</label>
        <input id={`${id}-q`} type="search" part="filter-text" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="vf-field">
        <label htmlFor={`${id}-section`}>{t(`${K}.filter.section`)}</label>
        <input id={`${id}-section`} type="text" part="filter-section" value={section} onChange={(e) => setSection(e.target.value)} />
      </div>
      <Button type="submit" part="filter-apply">{t(`${K}.filter.apply`)}</Button>
      {filters.author ? (
        <p className="vf-mq__chip" part="filter-author">
          {t(`${K}.filter.author`, { name: authorName ?? '' })}{' '}
          <Button variant="ghost" part="filter-author-clear" onClick={() => set({ author: undefined })}>{t(`${K}.filter.clearAuthor`)}</Button>
        </p>
      ) : null}
    </form>
  );
}
