/**
 * A comment's "More actions" menu button (WAI-ARIA menu button pattern): Enter, Space or
 * ArrowDown opens it on the first item, ArrowUp on the last; arrows move and wrap, Home/End
 * jump; Escape or Tab closes it and focus returns to the button; a click outside closes it.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuItem {
  id: string;
  label: string;
  onSelect(): void;
}

export interface CommentMenuProps {
  label: string;
  items: MenuItem[];
}

function DotsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="3" cy="8" r="1.4" fill="currentColor" />
      <circle cx="8" cy="8" r="1.4" fill="currentColor" />
      <circle cx="13" cy="8" r="1.4" fill="currentColor" />
    </svg>
  );
}

export function CommentMenu({ label, items }: CommentMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const path = event.composedPath();
      if (!path.includes(menu.current!) && !path.includes(button.current!)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (items.length === 0) return null;

  const show = (index: number) => {
    setActive((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const select = (item: MenuItem) => {
    close();
    item.onSelect();
  };

  return (
    <div className="vf-menu">
      <button
        ref={button}
        type="button"
        className="vf-button vf-button--ghost vf-menu__button"
        part="comment-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close() : show(0))}
        onKeyDown={onButtonKey}
      >
        <DotsIcon />
      </button>
      {open ? (
        <ul id={id} ref={menu} role="menu" aria-label={label} className="vf-menu__list" part="comment-menu" onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <li key={item.id} role="none">
              <button type="button" role="menuitem" tabIndex={i === active ? 0 : -1} data-action={item.id} onClick={() => select(item)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
