/**
 * One chart as a `figure`: its caption, the drawing (hidden from screen readers where it only
 * repeats numbers), and the same numbers as a table. The table is always in the accessibility
 * tree (visually hidden); "Show as table" (a toggle button) shows it on screen too.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/useIntl.ts';

export interface ChartTable {
  /** Column headings; the first column's cells are the rows' headings. */
  head: string[];
  rows: { key: string; cells: string[] }[];
}

export function ChartFigure({ caption, table, children, className = '' }: { caption: string; table: ChartTable; children: ReactNode; className?: string }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <figure className={`vf-adash__chart ${className}`} part="chart" aria-labelledby={`${id}-caption`}>
      <figcaption className="vf-adash__caption" id={`${id}-caption`}>{caption}</figcaption>
      {children}
      <Button variant="ghost" className="vf-adash__toggle" part="table-toggle" aria-pressed={shown} aria-controls={`${id}-table`} aria-describedby={`${id}-caption`} onClick={() => setShown(!shown)}>
        {t('page_settings.analytics.table.show')}
      </Button>
      {/* The wrapper hides it: a table keeps its size whatever height it is given. */}
      <div id={`${id}-table`} className={shown ? 'vf-adash__table-wrap' : 'vf-visually-hidden'}>
        <table className="vf-adash__table" part="table" aria-labelledby={`${id}-caption`}>
          <thead>
            <tr>{table.head.map((heading) => <th key={heading} scope="col">{heading}</th>)}</tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, at) => (at === 0 ? <th key={at} scope="row">{cell}</th> : <td key={at}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
