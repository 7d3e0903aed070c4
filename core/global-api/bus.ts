/**
 * Public events from core and elements to site code. Boot hands over the loader host's
 * `publish` (which is `window.vf.$publish`); before that, or without boot, `window.vf.$publish`
 * is used when present, else publishing is a no-op.
 */
type Publisher = (channel: string, name: string, payload?: unknown) => void;

let hostPublisher: Publisher | null = null;

/** Called by boot with the loader host's publish (null to detach). */
export function setPublisher(publisher: Publisher | null): void {
  hostPublisher = publisher;
}

/** Core's own listeners to every event published from here (analytics hears logins so). */
const taps = new Set<Publisher>();

/** Hears every later `publish`; returns the function that stops hearing. */
export function tapPublished(tap: Publisher): () => void {
  taps.add(tap);
  return () => taps.delete(tap);
}

export function publish(channel: string, name: string, payload?: unknown): void {
  for (const tap of taps) {
    try {
      tap(channel, name, payload);
    } catch {
      // a core listener's failure (analytics) never reaches the page
    }
  }
  const vf = (globalThis as { vf?: { $publish?: Publisher } }).vf;
  const target = hostPublisher ?? vf?.$publish;
  try {
    target?.(channel, name, payload);
  } catch (error) {
    console.error('vf: an event subscriber failed', error);
  }
}
