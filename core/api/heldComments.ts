/**
 * Top-level comments by others that arrived live, per container. They are in the RTK Query
 * caches like any comment, but the list holds them back behind an "N new comments" control so
 * it does not jump while someone reads; revealing releases them. Only ids are kept here.
 */
const held = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();
const NONE: readonly string[] = [];
/** A page left open for hours should not grow the list without bound. */
const HELD_MAX = 500;

function changed(): void {
  for (const listener of listeners) listener();
}

export function holdComment(containerUuid: string, contentUuid: string): void {
  const ids = held.get(containerUuid) ?? NONE;
  if (ids.includes(contentUuid)) return;
  held.set(containerUuid, [contentUuid, ...ids].slice(0, HELD_MAX));
  changed();
}

/** The viewer's own post shows at once even if its realtime echo arrived (and was held) first. */
export function unholdComment(containerUuid: string, contentUuid: string): void {
  const ids = held.get(containerUuid);
  if (!ids?.includes(contentUuid)) return;
  const rest = ids.filter((id) => id !== contentUuid);
  if (rest.length) held.set(containerUuid, rest);
  else held.delete(containerUuid);
  changed();
}

/** The held ids, newest first (a stable array until the next change, for useSyncExternalStore). */
export function heldCommentIds(containerUuid: string): readonly string[] {
  return held.get(containerUuid) ?? NONE;
}

/** Shows every held comment of the container. */
export function releaseHeldComments(containerUuid: string): void {
  if (!held.has(containerUuid)) return;
  held.delete(containerUuid);
  changed();
}

export function subscribeHeldComments(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
