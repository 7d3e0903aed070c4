/** A height, or the declarations of an inline box (`display`, `min-width`, `min-height`). */
export type ReserveBox = string | Record<string, string>;
/** A height for `:host`, or a box per host selector (`:host`, `:host([compact])`). */
export type Reserve = ReserveBox | Record<string, ReserveBox>;
export function hostReserveCss(reserve: Reserve | undefined): string;
export function undefinedReserveCss(reserves: Record<string, Reserve>): string;
