/**
 * Which page regions (widgets) are in view (spec §4: visibility tracked per region as in view /
 * out of view). A region counts as in view when at least 40 px of its height and 25% of its
 * width are visible (content spec §2, "engaged"). Keyed by widget id.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface RegionVisibility {
  inView: boolean;
  /** When it last changed (ms). */
  since: number;
}

export interface VisibilityState {
  regions: Record<string, RegionVisibility>;
}

const initialState: VisibilityState = { regions: {} };

export const visibilitySlice = createSlice({
  name: 'visibility',
  initialState,
  reducers: {
    regionChanged(state, action: PayloadAction<{ id: string; inView: boolean; at: number }>) {
      const { id, inView, at } = action.payload;
      if (state.regions[id]?.inView === inView) return;
      state.regions[id] = { inView, since: at };
    },
    regionRemoved(state, action: PayloadAction<string>) {
      delete state.regions[action.payload];
    },
  },
});

export const { regionChanged, regionRemoved } = visibilitySlice.actions;

export const selectRegionInView = (state: { visibility: VisibilityState }, id: string): boolean =>
  state.visibility.regions[id]?.inView ?? false;

export const MIN_VISIBLE_HEIGHT_PX = 40;
export const MIN_VISIBLE_WIDTH_RATIO = 0.25;

/** The engagement rule on one intersection measurement. */
export function isRegionInView(entry: Pick<IntersectionObserverEntry, 'intersectionRect' | 'boundingClientRect'>): boolean {
  const { intersectionRect: seen, boundingClientRect: box } = entry;
  return seen.height >= MIN_VISIBLE_HEIGHT_PX && box.width > 0 && seen.width >= box.width * MIN_VISIBLE_WIDTH_RATIO;
}

/** Observes one region; dispatches its changes; returns the function that stops and forgets it. */
export function trackRegion(element: Element, id: string, dispatch: (action: unknown) => unknown): () => void {
  if (typeof IntersectionObserver !== 'function') return () => undefined;
  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1];
      if (last) dispatch(regionChanged({ id, inView: isRegionInView(last), at: Date.now() }));
    },
    { threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    dispatch(regionRemoved(id));
  };
}
