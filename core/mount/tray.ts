/**
 * The notification tray's state and public calls (spec §2 Tray, content spec "tray"): one tray
 * per page, open or closed, on one of its views. Every change is published on the `tray`
 * channel. The tray loads lazily: `unloaded` → `loading` (its element is on the page, its chunk
 * not in yet) → `loaded` (its element is mounted); calls made before `loaded` are queued and
 * replayed in order when it loads.
 */
import { publish } from '../global-api/bus.ts';

/** The spec's views vf-feed, vf-profile, vf-community, vf-settings (vf-account: the profile view holds the account). */
export const TRAY_VIEWS = ['feed', 'profile', 'community', 'settings'] as const;
export type TrayView = (typeof TRAY_VIEWS)[number];
export type TrayStatus = 'unloaded' | 'loading' | 'loaded';
export const TRAY_ACTIVATOR_CLASS = 'vf-js-tray-activator';

export interface TrayState {
  open: boolean;
  view: TrayView;
}

let state: TrayState = { open: false, view: 'feed' };
let status: TrayStatus = 'unloaded';
let attached: HTMLElement | null = null;
const listeners = new Set<() => void>();
const pending: Array<() => void> = [];

/** Puts the page's `<vf-tray>` on the page now (core/mount/page.ts defers it); null once there. */
let wanted: (() => void) | null = null;

/** Registers what brings the deferred tray in at once, the moment a reader or the page needs it. */
export function onTrayWanted(fn: (() => void) | null): void {
  wanted = fn;
}

/** Still the registered one (a teardown in between forgets it). */
export function isTrayWanted(fn: () => void): boolean {
  return wanted === fn;
}

function update(next: Partial<TrayState>): void {
  state = { ...state, ...next };
  listeners.forEach((fn) => fn());
  if (status !== 'loaded') wanted?.();
}

const isView = (view: unknown): view is TrayView => (TRAY_VIEWS as readonly unknown[]).includes(view);

/** The tray's actions, applied at once (the element's own controls use these). */
export const trayActions = {
  open(view?: unknown): void {
    const next = isView(view) ? view : state.view;
    if (state.open && next === state.view) return;
    const wasOpen = state.open;
    update({ open: true, view: next });
    publish('tray', wasOpen ? 'change_tab' : 'open', { view: next });
  },
  close(): void {
    if (!state.open) return;
    update({ open: false });
    publish('tray', 'close', { view: state.view });
  },
  toggle(): void {
    const opening = !state.open;
    update({ open: opening });
    publish('tray', 'toggle', { open: opening, view: state.view });
    publish('tray', opening ? 'open' : 'close', { view: state.view });
  },
  changeTab(view: unknown): void {
    if (!isView(view) || view === state.view) return;
    update({ view });
    publish('tray', 'change_tab', { view });
    if (view === 'profile') publish('tray', 'show_profile', {});
  },
  showProfile(): void {
    const changed = !state.open || state.view !== 'profile';
    update({ open: true, view: 'profile' });
    if (changed) publish('tray', 'show_profile', {});
  },
  /** A guest asked for something that needs a login (the tray's Log in button). */
  loginRequired(reason: string): void {
    publish('tray', 'login_required', { reason });
  },
};

type TrayMethod = 'open' | 'close' | 'toggle' | 'changeTab' | 'showProfile';

/** `window.vf.tray`: like `trayActions`, but queued until the tray is loaded. */
export const trayApi: Record<TrayMethod, (...args: unknown[]) => void> = {
  open: (view) => call(() => trayActions.open(view)),
  close: () => call(() => trayActions.close()),
  toggle: () => call(() => trayActions.toggle()),
  changeTab: (view) => call(() => trayActions.changeTab(view)),
  showProfile: () => call(() => trayActions.showProfile()),
};

function call(action: () => void): void {
  if (status === 'loaded') return action();
  pending.push(action);
  wanted?.();
}

export function getTrayState(): TrayState {
  return state;
}

export function getTrayStatus(): TrayStatus {
  return status;
}

export function subscribeTray(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A `<vf-tray>` is on the page but not mounted yet. */
export function trayLoading(): void {
  if (status === 'unloaded') status = 'loading';
}

/**
 * A `<vf-tray>` mounted: the first one becomes the page's tray (true) and queued calls replay;
 * any other one is refused (false) — one tray per page.
 */
export function attachTray(element: HTMLElement): boolean {
  if (attached && attached !== element && attached.isConnected) {
    console.warn('vf: only one <vf-tray> per page; this one stays empty');
    return false;
  }
  attached = element;
  status = 'loaded';
  pending.splice(0).forEach((action) => action());
  return true;
}

export function detachTray(element: HTMLElement): void {
  if (attached !== element) return;
  attached = null;
  status = 'unloaded';
  if (state.open) update({ open: false });
}

/** Drops queued calls and closes the tray (teardown). */
export function resetTray(): void {
  pending.length = 0;
  wanted = null;
  state = { open: false, view: 'feed' };
  listeners.forEach((fn) => fn());
}
