/**
 * Engagement on one page view (content.md §2, §4, §9): every 333 ms tick adds its time to the
 * page while the page is shown and the reader is there (focused, or active a moment ago), and to
 * each widget that is in view by the engaged rule (40 px tall and 25 % wide visible:
 * core/visibility/slice.ts `isRegionInView`). A widget seen for the first time gives
 * `widget_visible` (once per widget per view); a vf-conversations widget that reaches 3000 ms
 * gives `comment_read` (once). Time with the page hidden is counted apart (hiddenTime).
 * `takeEngage` hands over what accumulated since the last `engage` event. Pure: the caller ticks.
 */
import type { EngageData, WidgetRef, WidgetStats } from './eventTypes.ts';

export const ENGAGEMENT_TICK_MS = 333;
export const COMMENT_READ_MS = 3000;
/** An `engage` event goes out at this interval while the page is open (content.md §9). */
export const ENGAGE_INTERVAL_MS = 60_000;
/** Input this recent counts as "the reader is there" in a window without focus. */
export const ACTIVE_WINDOW_MS = 5_000;
export const COMMENT_READ_WIDGET = 'vf-conversations';

export interface WidgetSample extends WidgetRef {
  /** In view by the engaged rule. */
  inView: boolean;
}

export interface TickInput {
  dt: number;
  /** The page is hidden (another tab, minimised). */
  hidden: boolean;
  /** Shown and focused or recently active. */
  engaged: boolean;
  widgets: readonly WidgetSample[];
}

export interface TickResult {
  becameVisible: WidgetRef[];
  commentRead: WidgetRef[];
}

const emptyEngage = (): EngageData => ({ time: 0, vftime: 0, widgets: 0, containerTime: {}, focuses: 0, hiddenTime: 0 });
const refOf = ({ widget, widgetId, containerId }: WidgetRef): WidgetRef => (containerId ? { widget, widgetId, containerId } : { widget, widgetId });

export class EngagementMeter {
  private pending = emptyEngage();
  private readonly stats = new Map<string, WidgetStats>();
  private readonly reported = new Set<string>();
  private readonly read = new Set<string>();

  tick({ dt, hidden, engaged, widgets }: TickInput): TickResult {
    const result: TickResult = { becameVisible: [], commentRead: [] };
    if (hidden) {
      this.pending.hiddenTime += dt;
      for (const stat of this.stats.values()) stat.isVisible = false;
      return result;
    }
    let anyInView = false;
    for (const sample of widgets) {
      const stat = this.stats.get(sample.widgetId) ?? { ...refOf(sample), isVisible: false, engagementTime: 0 };
      this.stats.set(sample.widgetId, stat);
      stat.isVisible = sample.inView;
      if (!sample.inView) continue;
      anyInView = true;
      if (!this.reported.has(sample.widgetId)) {
        this.reported.add(sample.widgetId);
        result.becameVisible.push(refOf(sample));
      }
      if (!engaged) continue;
      stat.engagementTime += dt;
      const container = sample.containerId ?? sample.widgetId;
      this.pending.containerTime[container] = (this.pending.containerTime[container] ?? 0) + dt;
      if (sample.widget === COMMENT_READ_WIDGET && stat.engagementTime >= COMMENT_READ_MS && !this.read.has(sample.widgetId)) {
        this.read.add(sample.widgetId);
        result.commentRead.push(refOf(sample));
      }
    }
    this.pending.widgets = Math.max(this.pending.widgets, widgets.length);
    if (engaged) {
      this.pending.time += dt;
      if (anyInView) this.pending.vftime += dt;
    }
    return result;
  }

  focused(): void {
    this.pending.focuses += 1;
  }

  /** What accumulated since the last call, or null when nothing did. */
  takeEngage(): EngageData | null {
    const data = this.pending;
    if (data.time === 0 && data.hiddenTime === 0 && data.focuses === 0) return null;
    this.pending = emptyEngage();
    return data;
  }

  widgetStats(): WidgetStats[] {
    return [...this.stats.values()].map((stat) => ({ ...stat }));
  }
}
