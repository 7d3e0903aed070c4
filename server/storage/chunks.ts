/**
 * A list in pieces of `size`: both engines bound a statement's parameters (SQLite's are the
 * fewer), so long `in (…)` lists and multi-row inserts go a piece at a time.
 */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
