/**
 * A queue's page of items with the moderator's keys and selection: j/k move the focus between
 * items, a/r/s decide on the focused one, x selects it, z undoes, ? opens the key list; a
 * checkbox selects, Shift+click selects the range from the last one clicked, and "Select all on
 * this page" with Approve/Reject selected act on many at once. When a decision takes the focused
 * item away, the focus moves to the one that took its place.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Decision, QueueItem } from '../../core/moderation/types.ts';
import { Button } from '../ui/Button.tsx';
import { useT } from '../ui/useIntl.ts';
import { queueKey } from './keys.ts';
import { QueueEntry } from './QueueEntry.tsx';

const K = 'page_settings.moderationQueue';

export interface QueueListProps {
  items: QueueItem[];
  busy: boolean;
  labelledBy: string;
  onDecide(decision: Decision, items: QueueItem[]): void;
  onUndo(): void;
  onHelp(): void;
  onAuthor(item: QueueItem): void;
  onBan(item: QueueItem): void;
}

export function QueueList({ items, busy, labelledBy, onDecide, onUndo, onHelp, onAuthor, onBan }: QueueListProps) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<number | null>(null);
  /** The focus was in the list when the items changed: keep it there. */
  const keepFocus = useRef(false);

  const current = Math.min(active, Math.max(items.length - 1, 0));
  const chosen = items.filter((item) => selected.has(item.uuid));
  const allSelected = items.length > 0 && chosen.length === items.length;

  // Items that left (decided here or elsewhere) leave the selection; the focus stays in the list.
  useEffect(() => {
    setSelected((before) => new Set(items.filter((item) => before.has(item.uuid)).map((item) => item.uuid)));
    if (keepFocus.current) {
      keepFocus.current = false;
      focusItem(current);
    }
  }, [items]); // eslint-disable-line react-hooks/exhaustive-deps

  const itemAt = (index: number) => list.current?.querySelectorAll<HTMLElement>('[part~="item"]')[index] ?? null;
  const focusItem = (index: number) => {
    setActive(index);
    itemAt(index)?.focus();
  };

  const toggle = (index: number, range: boolean) => {
    const item = items[index];
    if (!item) return;
    // Read the anchor now: the updater runs later, after the anchor has moved.
    const from = range && anchor.current !== null ? Math.min(anchor.current, index) : index;
    const to = range && anchor.current !== null ? Math.max(anchor.current, index) : index;
    setSelected((before) => {
      const next = new Set(before);
      const on = !before.has(item.uuid);
      for (const it of items.slice(from, to + 1)) on ? next.add(it.uuid) : next.delete(it.uuid);
      return next;
    });
    anchor.current = index;
    setActive(index);
  };

  const decide = (decision: Decision, on: QueueItem[]) => {
    const root = list.current?.getRootNode() as Document | ShadowRoot | undefined;
    keepFocus.current = !!root && !!list.current?.contains(root.activeElement);
    onDecide(decision, on);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = queueKey(event);
    if (!key) return;
    event.preventDefault();
    // The item the focus is in (its own buttons included) is the one the keys act on.
    const within = (event.target as HTMLElement).closest?.('[part~="item"]');
    const index = within ? [...(list.current?.querySelectorAll('[part~="item"]') ?? [])].indexOf(within) : current;
    const item = items[index];
    if ('move' in key) focusItem(Math.min(Math.max(index + key.move, 0), items.length - 1));
    else if ('help' in key) onHelp();
    else if ('undo' in key) {
      keepFocus.current = true;
      onUndo();
    } else if (item && 'select' in key) toggle(index, false);
    else if (item && 'decide' in key) {
      setActive(index);
      decide(key.decide, [item]);
    }
  };

  return (
    <>
      <div className="vf-mq__bulk" part="bulk">
        <label className="vf-mq__select-all">
          <input
            type="checkbox"
            part="select-all"
            checked={allSelected}
            onChange={() => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.uuid)))}
          />
          {t(`${K}.selectAll`)}
        </label>
        <span role="status" className="vf-mq__selected" part="selected">{chosen.length ? t(`${K}.selected`, { count: chosen.length }) : ''}</span>
        <Button part="bulk-approve" disabled={!chosen.length} busy={busy} onClick={() => decide('approve', chosen)}>
          {t(`${K}.bulk.approve`)}
        </Button>
        <Button part="bulk-reject" disabled={!chosen.length} busy={busy} onClick={() => decide('reject', chosen)}>
          {t(`${K}.bulk.reject`)}
        </Button>
      </div>
      <div ref={list} className="vf-mq__list" part="list" role="region" aria-labelledby={labelledBy} aria-describedby="vf-mq-keys-hint" onKeyDown={onKeyDown}>
        <p id="vf-mq-keys-hint" className="vf-visually-hidden">{t(`${K}.keysHint`)}</p>
        {items.map((item, index) => (
          <QueueEntry
            key={item.uuid}
            item={item}
            index={index}
            active={index === current}
            selected={selected.has(item.uuid)}
            busy={busy}
            onSelect={toggle}
            onDecide={(it, decision) => decide(decision, [it])}
            onAuthor={onAuthor}
            onBan={onBan}
            onFocus={setActive}
          />
        ))}
      </div>
    </>
  );
}
