/**
 * One item of a queue: its text as the page shows it (a banned or suspect word marked), the author
 * (a button that opens the user drawer, with their counts and when they joined), the page's title
 * linking to the item in place, kind, time, why it is here, reports and decisions, and the
 * actions. The item is focusable (the list's keys act on the focused one).
 */
import type { MouseEvent } from 'react';
import type { Decision, QueueItem } from '../../core/moderation/types.ts';
import { Button } from '../ui/Button.tsx';
import { CommentText } from '../ui/CommentText.tsx';
import { RelativeTime } from '../ui/RelativeTime.tsx';
import { useT } from '../ui/useIntl.ts';
import { ItemDetails, knownState } from './ItemDetails.tsx';

const K = 'page_settings.moderationQueue';
/** The actions offered on an item, in order (ban is apart: it is about the author). */
const ACTIONS: readonly Decision[] = ['approve', 'reject', 'spam', 'pick'];

export interface QueueEntryProps {
  item: QueueItem;
  index: number;
  active: boolean;
  selected: boolean;
  busy: boolean;
  onSelect(index: number, range: boolean): void;
  onDecide(item: QueueItem, decision: Decision): void;
  onAuthor(item: QueueItem): void;
  onBan(item: QueueItem): void;
  onFocus(index: number): void;
}

export function QueueEntry({ item, index, active, selected, busy, onSelect, onDecide, onAuthor, onBan, onFocus }: QueueEntryProps) {
  const t = useT();
  const id = `vf-mq-item-${item.uuid}`;
  const { author } = item;
  const mark = item.reason?.match;
  const select = (event: MouseEvent<HTMLInputElement>) => onSelect(index, event.shiftKey);
  const offered = ACTIONS.filter((a) => a !== 'pick' || !item.is_picked);
  return (
    <article
      className="vf-mq__item"
      part={selected ? 'item item-selected' : 'item'}
      data-uuid={item.uuid}
      tabIndex={active ? 0 : -1}
      aria-labelledby={`${id}-author`}
      aria-describedby={`${id}-text`}
      onFocus={(event) => event.target === event.currentTarget && onFocus(index)}
    >
      <div className="vf-mq__item-head">
        <input
          type="checkbox"
          className="vf-mq__check"
          part="select"
          checked={selected}
          aria-label={t(`${K}.select`, { name: author.name })}
          onClick={select}
          onChange={() => {}}
         
        />
        <button type="button" className="vf-mq__author" part="author" id={`${id}-author`} onClick={() => onAuthor(item)}>
          {author.name}
        </button>
        <span className="vf-mq__author-facts">
          {t(`${K}.authorCounts`, author.counts)} · {t(`${K}.joined`)} <RelativeTime time={author.date_created} />
        </span>
      </div>
      <p className="vf-mq__meta">
        <span className="vf-badge" part="kind">{t(`${K}.kind.${item.kind}`)}</span>{' '}
        <span className="vf-badge" part="state">{t(`${K}.state.${knownState(item.state)}`, { state: item.state })}</span>{' '}
        {item.link ? (
          <a href={item.link} part="page-link">{item.page.title ?? item.link}</a>
        ) : (
          <span>{item.page.title ?? t(`${K}.untitled`)}</span>
        )}{' '}
        · <RelativeTime time={item.date_created} />
      </p>
      <div id={`${id}-text`}>
        <CommentText text={item.content} mark={mark} />
      </div>
      <ItemDetails item={item} />
      <div className="vf-mq__actions" part="actions">
        {offered.map((action) => (
          <Button key={action} part={`action action-${action}`} busy={busy} onClick={() => onDecide(item, action)}>
            {t(`${K}.do.${action}`)}
          </Button>
        ))}
        <Button part="action action-ban" variant="ghost" onClick={() => onBan(item)}>
          {t(`${K}.do.ban`)}
        </Button>
      </div>
    </article>
  );
}
