/**
 * The page's mounted widgets (spec §2 Mounting). Every vf element registers itself when it is
 * connected and unregisters when it is removed (elements/ui/defineElement.ts). Registration
 * requests go through the widget action queue — one at a time, once the page is ready — and
 * each mount and unmount is published on the `widgets` channel with the kind and widget id.
 * Widgets on a mobile device in a window narrower than 765 px carry the `vf-mobile` class.
 */
import { publish } from '../global-api/bus.ts';
import { getStore } from '../store/index.ts';
import { trackRegion } from '../visibility/slice.ts';
import { createActionQueue } from './actionQueue.ts';
import { containerIdOf, ensureWidgetId, PRESERVE_ATTR } from './scan.ts';

export const MOBILE_MAX_WIDTH = 765;
export const MOBILE_CLASS = 'vf-mobile';

export interface MountedWidget {
  element: HTMLElement;
  kind: string;
  widgetId: string;
  containerId: string | null;
  pageId: string | null;
  /** `data-vf-preserve`: keeps its original element on reset. */
  preserve: boolean;
}

/** What `widgets/mount` and `widgets/unmount` carry. */
export interface WidgetEventPayload {
  kind: string;
  widget_id: string;
  container_id: string | null;
  page_id: string | null;
}

export const widgetQueue = createActionQueue();
const widgets = new Map<HTMLElement, MountedWidget>();
let pageId: string | null = null;

/** The page id handed to widgets mounted from now on (set by boot from the page context). */
export function setWidgetPageId(id: string | null): void {
  pageId = id;
}

const payloadOf = (widget: MountedWidget): WidgetEventPayload => ({
  kind: widget.kind,
  widget_id: widget.widgetId,
  container_id: widget.containerId,
  page_id: widget.pageId,
});

interface NavigatorWithUaData {
  userAgentData?: { mobile?: boolean };
  userAgent: string;
}

/** A mobile device (User-Agent Client Hints, else the user agent string) in a narrow window. */
export function isMobileLayout(
  nav: NavigatorWithUaData = navigator as NavigatorWithUaData,
  width: number = window.innerWidth,
): boolean {
  const mobileDevice = nav.userAgentData?.mobile ?? /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent);
  return mobileDevice && width < MOBILE_MAX_WIDTH;
}

/** Sets or clears `vf-mobile` on every widget (boot calls it on resize). */
export function updateMobileClasses(): void {
  const mobile = isMobileLayout();
  for (const { element } of widgets.values()) element.classList.toggle(MOBILE_CLASS, mobile);
}

/** Each widget's region-visibility observer (spec §4: in view / out of view per region). */
const stopTracking = new Map<HTMLElement, () => void>();

export function registerWidget(element: HTMLElement, kind: string): MountedWidget {
  const known = widgets.get(element);
  if (known) return known;
  const widget: MountedWidget = {
    element,
    kind,
    widgetId: ensureWidgetId(element),
    containerId: containerIdOf(element),
    pageId,
    preserve: element.hasAttribute(PRESERVE_ATTR),
  };
  widgets.set(element, widget);
  stopTracking.set(element, trackRegion(element, widget.widgetId, getStore().dispatch));
  element.classList.toggle(MOBILE_CLASS, isMobileLayout());
  widgetQueue.push(() => {
    // Removed again before its turn: nothing to announce.
    if (widgets.get(element) === widget) publish('widgets', 'mount', payloadOf(widget));
  });
  return widget;
}

export function unregisterWidget(element: HTMLElement): void {
  const widget = widgets.get(element);
  if (!widget) return;
  widgets.delete(element);
  stopTracking.get(element)?.();
  stopTracking.delete(element);
  publish('widgets', 'unmount', payloadOf(widget));
}

export function mountedWidgets(): MountedWidget[] {
  return [...widgets.values()];
}
