/**
 * Host events: what an element announces to the page. Each event is dispatched on the host
 * element (bubbles, composed — a page may listen on `document`) and also published on the
 * vf bus (`window.vf.$subscribe(<tag>, <event name>, cb)`), per DESIGN.md.
 */
import { createContext, useCallback, useContext } from 'react';
import { publish } from '../../core/global-api/bus.ts';

export type HostEventName = `vf-${string}`;

export function emitHostEvent<T>(host: HTMLElement | null, name: HostEventName, detail: T): void {
  if (host) {
    host.dispatchEvent(new CustomEvent<T>(name, { bubbles: true, composed: true, detail }));
  }
  publish(host?.localName ?? 'vf', name, detail);
}

/** The custom element a React tree renders into; provided by WidgetRoot. */
export const HostContext = createContext<HTMLElement | null>(null);

export function useHost(): HTMLElement | null {
  return useContext(HostContext);
}

/** Returns `emit(name, detail)` bound to the current element. */
export function useHostEvent(): <T>(name: HostEventName, detail: T) => void {
  const host = useHost();
  return useCallback(<T,>(name: HostEventName, detail: T) => emitHostEvent(host, name, detail), [host]);
}
