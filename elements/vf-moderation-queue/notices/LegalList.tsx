/**
 * A legal tab's list (notices or appeals) with the queue's keyboard model: the items are one Tab
 * stop (the active one), j/k move the focus between them, a tab's letters open a decision's
 * form on the focused item (a legal decision cannot be undone, so a key never decides alone), ?
 * lists the keys. Every button is reached with Tab and pressed with Enter or Space as well.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../ui/useIntl.ts';
import { legalKey } from './legalQueues.ts';

const K = 'page_settings.moderationQueue';

/** What an entry is told: whether it is the list's Tab stop, and which of its forms is open. */
export interface EntryState<A extends string> {
  index: number;
  active: boolean;
  open: A | null;
  onOpen(action: A | null): void;
  onFocus(): void;
}

export interface LegalListProps<T extends { uuid: string }, A extends string> {
  items: readonly T[];
  labelledBy: string;
  /** The tab's letters and the form each opens. */
  actions: Readonly<Record<string, A>>;
  /** What the keys hint says (read with the list). */
  hint: string;
  onHelp(): void;
  renderItem(item: T, state: EntryState<A>): ReactNode;
}

export function LegalList<T extends { uuid: string }, A extends string>({ items, labelledBy, actions, hint, onHelp, renderItem }: LegalListProps<T, A>) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState<{ uuid: string; action: A } | null>(null);
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const entries = () => [...(list.current?.querySelectorAll<HTMLElement>('[part~="item"]') ?? [])];
  const focusItem = (index: number) => {
    setActive(index);
    entries()[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = legalKey(event, actions);
    if (!key) return;
    event.preventDefault();
    const within = (event.target as HTMLElement).closest?.('[part~="item"]');
    const index = within ? entries().indexOf(within as HTMLElement) : current;
    const item = items[index];
    if ('move' in key) focusItem(Math.min(Math.max(index + key.move, 0), items.length - 1));
    else if ('help' in key) onHelp();
    else if (item) {
      setActive(index);
      setOpen({ uuid: item.uuid, action: key.open });
    }
  };

  return (
    <div ref={list} className="vf-mq__list" part="list" role="region" aria-labelledby={labelledBy} aria-describedby="vf-mq-legal-keys-hint" onKeyDown={onKeyDown}>
      <p id="vf-mq-legal-keys-hint" className="vf-visually-hidden">{hint || t(`${K}.keysHint`)}</p>
      {items.map((item, index) =>
        renderItem(item, {
          index,
          active: index === current,
          open: open?.uuid === item.uuid ? open.action : null,
          onOpen: (action) => setOpen(action ? { uuid: item.uuid, action } : null),
          onFocus: () => setActive(index),
        }),
      )}
    </div>
  );
}
