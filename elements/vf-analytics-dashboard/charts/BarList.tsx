/**
 * Horizontal bars (top pages, referrer mediums, recirculation): each row's name, a bar drawn as
 * inline SVG (aria-hidden) and its number as text. A name may be a link (top pages).
 */
import type { ReactNode } from 'react';

export interface BarItem {
  key: string;
  name: ReactNode;
  value: number;
  valueText: string;
}

export function BarList({ items, hidden = false }: { items: BarItem[]; hidden?: boolean }) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ol className="vf-adash__bars" aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item.key} className="vf-adash__bar-row">
          <span className="vf-adash__bar-name">{item.name}</span>
          <span className="vf-adash__bar-value">{item.valueText}</span>
          <svg className="vf-adash__hbar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <rect className="vf-adash__hbar-track" width="100" height="8" rx="2" />
            <rect className="vf-adash__bar vf-adash__bar--1" width={(item.value / max) * 100} height="8" rx="2" />
          </svg>
        </li>
      ))}
    </ol>
  );
}
