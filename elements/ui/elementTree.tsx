/**
 * The React tree of one vf element: its component inside `WidgetRoot`, after its own stylesheet
 * chunk when it has one. The browser (defineElement) and the server's first-paint renderer
 * (server/ssr/) both render this, so the server's markup is what the browser hydrates.
 */
import { createElement, useLayoutEffect, useRef, type ComponentType } from 'react';
import { WidgetRoot } from './WidgetRoot.tsx';
import { ChunkErrorNotice } from './ChunkErrorNotice.tsx';
import { Skeleton } from './Skeleton.tsx';
import { useRetryableLoad } from './useRetryableLoad.ts';
import type { AppStore } from '../../core/store/index.ts';
import type { CssLoader } from '../../core/mount/cssChunk.ts';

export interface TreeOptions<P> {
  tag: string;
  component: ComponentType<P>;
  bundle?: string;
  placeholder?: 'skeleton' | 'none';
  /** The element's own stylesheet as a chunk, and what to do once it is in. */
  cssChunk?: { load(): Promise<string>; apply(host: HTMLElement | null, css: string): void } | null;
}

export interface RootedProps {
  container?: ShadowRoot | HTMLElement;
  /** The store to render from: the page's one store unless given (the server renders with its own). */
  store?: AppStore;
  /** Called once, when React first commits (a takeover of server-painted markup, elements/ui/takeover.ts). */
  onCommit?: () => void;
}

// The server has no ShadowRoot class.
const isShadowRoot = (node: unknown): node is ShadowRoot => typeof ShadowRoot === 'function' && node instanceof ShadowRoot;

/** The element's root component (r2wc passes `container`, the shadow root or the host). */
export function elementRoot<P extends object>(options: TreeOptions<P>): ComponentType<P & RootedProps> {
  const { component, bundle, placeholder, cssChunk } = options;
  function Rooted(props: P & RootedProps) {
    const { container, store, onCommit, ...own } = props;
    const committed = useRef(onCommit);
    useLayoutEffect(() => committed.current?.(), []);
    const host = isShadowRoot(container) ? (container.host as HTMLElement) : ((container as HTMLElement | undefined) ?? null);
    const ownCss = useRetryableLoad(
      cssChunk ? () => cssChunk.load().then((text) => (cssChunk.apply(host, text), true)) : null,
      [host],
    );
    // While its own stylesheet loads, the element keeps its box (the skeleton of `reserve`).
    const children =
      !cssChunk || ownCss.value
        ? createElement(component, own as P)
        : ownCss.failed
          ? createElement(ChunkErrorNotice, { onRetry: ownCss.retry })
          : placeholder === 'none'
            ? null
            : createElement(Skeleton);
    return createElement(WidgetRoot, { host, bundle, placeholder, store, children });
  }
  Rooted.displayName = `${options.tag}-root`;
  return Rooted;
}

export type { CssLoader };
