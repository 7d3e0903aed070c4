/**
 * Which element chunks a page needs and when to fetch them (spec §2 "Per-widget loading"):
 * each kind's chunk is imported once. Conversations wait until one is within 500 px of the
 * viewport or 10 s have passed, whichever is first; other kinds (counts) load at once.
 */

export const LAZY_MARGIN = '500px';
export const LAZY_TIMEOUT_MS = 10000;
const LAZY_KINDS = ['vf-conversations'];

export function createChunkScheduler(
  manifest: Record<string, string>,
  load: (kind: string) => void,
): (root: ParentNode) => boolean {
  const scheduled = new Set<string>();
  const kinds = Object.keys(manifest).filter((name) => name.startsWith('vf-'));

  const loadOnce = (kind: string) => {
    if (scheduled.has(kind)) return;
    scheduled.add(kind);
    load(kind);
  };

  const lazy = new Map<string, IntersectionObserver | null>();
  const watch = (kind: string, elements: Element[]) => {
    if (!lazy.has(kind)) {
      const observer =
        typeof IntersectionObserver === 'function'
          ? new IntersectionObserver(
              (entries) => {
                if (entries.some((entry) => entry.isIntersecting)) fire();
              },
              { rootMargin: LAZY_MARGIN },
            )
          : null;
      const timer = setTimeout(() => fire(), LAZY_TIMEOUT_MS);
      const fire = () => {
        clearTimeout(timer);
        lazy.get(kind)?.disconnect();
        loadOnce(kind);
      };
      lazy.set(kind, observer);
      if (!observer) fire();
    }
    const observer = lazy.get(kind);
    if (observer) elements.forEach((el) => observer.observe(el));
  };

  // `.viafoura` containers' vf-* children are found by the same tag query. Returns true once
  // every kind is scheduled (nothing left to watch for).
  return (root) => {
    for (const kind of kinds) {
      if (scheduled.has(kind)) continue;
      const elements = Array.from(root.querySelectorAll(kind));
      if (elements.length === 0) continue;
      if (LAZY_KINDS.includes(kind)) watch(kind, elements);
      else loadOnce(kind);
    }
    return kinds.every((kind) => scheduled.has(kind) || lazy.has(kind));
  };
}
