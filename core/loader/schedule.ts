/**
 * When each widget kind's chunk is fetched (spec §2 "Per-widget loading behaviour"), as data:
 * `LOAD_RULES` is the spec's table, one entry per tag; a tag without an entry (counts, tray,
 * tray trigger) loads at once. A chunk is imported once per kind, on the first element that
 * meets its rule. Per element the scheduler also keeps "hidden until in view" elements
 * invisible (inline `visibility: hidden`) and marks when an element may fetch its data
 * (`data-vf-fetch="ready"`; without a `fetch` rule that is when its chunk is requested).
 */
import type { Timers } from './timers.ts';

/** `settled`: the page's first elements are interactive and the browser is idle (core/mount/settled.ts). */
export type PageCondition = 'page_uuid' | 'media' | 'language' | 'settled';

export interface Trigger {
  /** Fires when the element comes within this many px of the viewport. */
  inView?: number;
  /** The viewport is watched only after this delay (ms). */
  watchDelayMs?: number;
  /** Fires after this delay (ms) even when never in view. */
  afterMs?: number;
}

export interface LoadRule extends Trigger {
  /** Page conditions that must hold before the trigger is armed. */
  needs?: readonly PageCondition[];
  /** Invisible until the element enters the viewport. */
  hiddenUntilInView?: boolean;
  /** When the element may fetch its data, counted from the chunk request. */
  fetch?: Trigger;
  /** A deeplink (the page address's `deeplink`, or the element's `deeplink` attribute) loads it at once. */
  deeplinkForces?: boolean;
}

export const LAZY_MARGIN_PX = 500;
export const LAZY_TIMEOUT_MS = 10000;
export const QUOTE_DELAY_MS = 5000;

export const LOAD_RULES: Readonly<Record<string, LoadRule>> = {
  // loaded lazily once in view; 10 s fetch delay
  'vf-livechat': { inView: 0, fetch: { afterMs: LAZY_TIMEOUT_MS } },
  // after 10 s or on coming within 500 px of the viewport
  'vf-conversations': { inView: LAZY_MARGIN_PX, afterMs: LAZY_TIMEOUT_MS, deeplinkForces: true },
  // hidden until in view; fetches its container after 10000 ms or within 500 px
  'vf-conversation-starter': { hiddenUntilInView: true, inView: LAZY_MARGIN_PX, afterMs: LAZY_TIMEOUT_MS },
  // after 5 s
  'vf-pull-quote': { afterMs: QUOTE_DELAY_MS },
  // shown only after entering the viewport; the viewport is watched after a 5000 ms delay
  'vf-trending-articles': { hiddenUntilInView: true, inView: 0, watchDelayMs: 5000 },
  // community views (content.md §2 "lazy-loaded views"; docs/elements.md): within 500 px of the viewport
  'vf-trending-comments': { inView: LAZY_MARGIN_PX },
  'vf-community-comments': { inView: LAZY_MARGIN_PX },
  'vf-community-popular': { inView: LAZY_MARGIN_PX },
  'vf-users': { inView: LAZY_MARGIN_PX },
  // only when the page uuid, the media store and the language files are ready
  'vf-review-form': { needs: ['page_uuid', 'media', 'language'] },
  // lazy-loaded view (content.md §2): once within 500 px of the viewport
  'vf-media-gallery': { inView: LAZY_MARGIN_PX },
  // a poll below the fold: on coming within 500 px of the viewport (docs/polls.md)
  'vf-poll': { inView: LAZY_MARGIN_PX },
  // an ad (docs/ads.md): asked for on coming within 500 px of the viewport
  'vf-ad': { inView: LAZY_MARGIN_PX },
  // lazy views (content.md §2): loaded on coming within 500 px of the viewport
  'vf-average-rating': { inView: LAZY_MARGIN_PX },
  'vf-reviews': { inView: LAZY_MARGIN_PX },
  'vf-user-ratings': { inView: LAZY_MARGIN_PX },
  // what the reader has not asked for waits (docs/performance.md "Weight until interactive")
  'vf-push-opt-in': { needs: ['settled'] },
};

export interface SchedulerOptions {
  load(kind: string): void;
  rules?: Readonly<Record<string, LoadRule>>;
  /** Resolves once a page condition holds. */
  when?(condition: PageCondition): Promise<unknown>;
  /**
   * Asked first when an element's rule fires: a promise when it is painting the element from
   * the server (core/loader/firstPaint.ts); once painted, its kind loads through `afterPaint`.
   */
  paint?(el: HTMLElement): Promise<boolean> | null;
  afterPaint?(el: Element, load: () => void): void;
  timers?: Timers;
}

export const FETCH_ATTR = 'data-vf-fetch';

/** Runs `fn` once, on the first of the trigger's conditions (at once when it has none). */
function onFirst(el: Element, trigger: Trigger, timers: Timers, fn: () => void): void {
  const cancels: Array<() => void> = [];
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    cancels.forEach((cancel) => cancel());
    fn();
  };
  if (trigger.inView === undefined && trigger.afterMs === undefined) return fire();
  if (trigger.afterMs !== undefined) {
    const handle = timers.setTimeout(fire, trigger.afterMs);
    cancels.push(() => timers.clearTimeout(handle));
  }
  if (trigger.inView !== undefined) {
    const margin = trigger.inView;
    const watch = () => !done && cancels.push(whenInView(el, margin, fire));
    if (trigger.watchDelayMs) timers.setTimeout(watch, trigger.watchDelayMs);
    else watch();
  }
}

/** Runs `fn` once `el` comes within `margin` px of the viewport; returns a cancel function. */
export function whenInView(el: Element, margin: number, fn: () => void): () => void {
  if (typeof IntersectionObserver !== 'function') {
    fn();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      fn();
    },
    { rootMargin: `${margin}px` },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

/**
 * The page address (`?deeplink=` or `#deeplink=`) or the element names a comment to show (spec
 * §2: a deeplink forces display). A plain test keeps the loader small: the element itself
 * ignores a value that is not a uuid (core/page/identity.ts reads it properly).
 */
export function hasDeeplink(el: Element): boolean {
  if (el.getAttribute('deeplink')?.trim()) return true;
  return typeof location === 'object' && /[?&#]deeplink=[^&#]/.test(location.search + location.hash);
}

/** Returns `schedule(elements)`: call it with every newly found widget element. */
export function createChunkScheduler(options: SchedulerOptions): (elements: Element[]) => void {
  const { load, rules = LOAD_RULES, when = () => Promise.resolve(), paint, afterPaint = (_el, go) => go() } = options;
  const timers = options.timers ?? (globalThis as unknown as Timers);
  const requested = new Set<string>();

  const arm = (el: Element, rule: LoadRule) =>
    onFirst(el, rule.deeplinkForces && hasDeeplink(el) ? {} : rule, timers, () => {
      const kind = el.localName;
      const loadKind = () => {
        if (requested.has(kind)) return;
        requested.add(kind);
        load(kind);
      };
      const painting = paint?.(el as HTMLElement);
      if (painting) void painting.then((painted) => (painted ? afterPaint(el, loadKind) : loadKind()));
      else loadKind();
      onFirst(el, rule.fetch ?? {}, timers, () => el.setAttribute(FETCH_ATTR, 'ready'));
    });

  return (elements) => {
    for (const el of elements) {
      const rule = rules[el.localName] ?? {};
      const style = (el as HTMLElement).style;
      if (rule.hiddenUntilInView && style) {
        style.visibility = 'hidden';
        whenInView(el, 0, () => style.removeProperty('visibility'));
      }
      if (rule.needs?.length) void Promise.all(rule.needs.map(when)).then(() => arm(el, rule));
      else arm(el, rule);
    }
  };
}
