/**
 * How an element's React root starts (the r2wc renderer of defineElement): in an empty shadow
 * root, a plain `createRoot`; in one the loader painted from the server (core/loader/firstPaint.ts),
 * a takeover of that markup. The markup stays on screen, untouched, while the element loads what
 * it will render from (`prepare`); then React either hydrates it (a guest, and the same data as
 * the server's: not one node replaced) or renders over it in one synchronous commit (a signed-in
 * reader, whose likes and menus are their own, or data that moved on), keeping focus where it
 * was and what the reader typed (elements/ui/typedFields.ts). Either way nothing blinks: no empty
 * frame, no skeleton, no layout shift.
 */
import { createElement, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { FIRST_PAINT_ATTR, PENDING_ATTR } from './firstPaint.ts';
import { keepTyped, locate } from './typedFields.ts';

export type Takeover = 'hydrate' | 'render';

interface Mounted {
  root: Root | null;
  component: ComponentType<any>;
  props: object;
  gone: boolean;
}

type Clicked = { vfClicked?: Node };

/** A field takes the reader's click as focus, and focus is replayed already. */
const isField = (node: Node) =>
  node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement ||
  (node instanceof HTMLInputElement && !/^(button|submit|reset|checkbox|radio|image)$/.test(node.type));

/**
 * What the reader did to the painted markup before React had it: focus, given again so a
 * handler that acts on focus runs (a guest's compose box asks them to log in), then the click
 * the loader noted, on the button or link it was in, unless on a field (a second action on the
 * compose box would close the dialog its focus opened). Dispatched after the commit's own work is done.
 */
function replay(focus: Node | null, click: Node | null): void {
  setTimeout(() => {
    if (focus instanceof HTMLElement) {
      focus.blur();
      focus.focus({ preventScroll: true });
    }
    // A click on a button's icon (an SVG element, which has no click()) is its button's.
    const target = click instanceof Element ? click.closest('button, a[href], [role="button"]') ?? click : null;
    if (target instanceof HTMLElement && !isField(target)) target.click();
  });
}

function start(mounted: Mounted, container: ShadowRoot | HTMLElement, how: Takeover): void {
  const host = container instanceof ShadowRoot ? container.host : container;
  const focused = () => (container instanceof ShadowRoot ? container.activeElement : null);
  const giveTypedBack = keepTyped(container);
  // Until React commits, the loader keeps noting clicks (it does while the attribute is there).
  const done = () => {
    host.removeAttribute(FIRST_PAINT_ATTR);
    container.querySelectorAll(`[${PENDING_ATTR}]`).forEach((pending) => pending.removeAttribute(PENDING_ATTR));
    const clicked = (host as Clicked).vfClicked ?? null;
    delete (host as Clicked).vfClicked;
    return clicked;
  };
  if (how === 'hydrate') {
    // Hydration keeps every node: focus and the clicked node are found as they are.
    const onCommit = () => {
      const clicked = done();
      giveTypedBack();
      replay(focused(), clicked);
    };
    mounted.root = hydrateRoot(container as unknown as Element, createElement(mounted.component, { ...mounted.props, onCommit }), {
      onRecoverableError: (error) => console.warn('vf: the server-rendered markup was replaced', error),
    });
    return;
  }
  // New nodes: found again by their place in the tree (a field by its names).
  const focusAt = locate(container, focused());
  const clickAt = locate(container, (host as Clicked).vfClicked ?? null);
  const onCommit = () => {
    done();
    giveTypedBack();
    replay(focusAt(), clickAt());
  };
  // One synchronous task: the painted markup out, React's in; the browser paints neither half alone.
  container.replaceChildren();
  const root = (mounted.root = createRoot(container));
  flushSync(() => root.render(createElement(mounted.component, { ...mounted.props, onCommit })));
}

export function renderer(prepare: ((props: any) => Promise<Takeover>) | null) {
  return {
    mount(container: ShadowRoot | HTMLElement, component: ComponentType<any>, props: object): Mounted {
      const mounted: Mounted = { root: null, component, props, gone: false };
      const host = container instanceof ShadowRoot ? container.host : container;
      if (!prepare || !host.hasAttribute(FIRST_PAINT_ATTR)) {
        // What a takeover cut short (unmounted before its commit) may have left: not React's.
        if (container instanceof ShadowRoot) container.replaceChildren();
        mounted.root = createRoot(container);
        mounted.root.render(createElement(component, props));
        return mounted;
      }
      void prepare(props)
        .catch((error: unknown) => (console.error(error), 'render' as const))
        .then((how) => !mounted.gone && start(mounted, container, how));
      return mounted;
    },
    update(mounted: Mounted, props: object): void {
      mounted.props = props;
      mounted.root?.render(createElement(mounted.component, props));
    },
    unmount(mounted: Mounted): void {
      mounted.gone = true;
      mounted.root?.unmount();
    },
  };
}
