/**
 * Registers a vf custom element made from a React component (r2wc), once.
 *
 * - idempotent: a tag that is already defined is left alone (an embed may load twice);
 * - open shadow root with constructable stylesheets adopted: tokens, shared UI, the element's css;
 * - removing an attribute resets its prop to `undefined` (r2wc ignores removal, issue #230);
 * - the component renders inside `WidgetRoot` (store Provider, host element, i18n);
 * - the element's own stylesheet may be a chunk (`css: () => import('./styles.css')`): until it
 *   is in the element renders nothing; if it fails (`CSS_CHUNK_LOAD_FAILED`) it shows a
 *   translated message with Retry;
 * - each connected element registers as a mounted widget (widget id, `widgets/mount` and
 *   `widgets/unmount` events, `vf-mobile`; core/mount/registry.ts);
 * - with `?forceLegacy=1` on the page address it renders in the light DOM and its sheets are
 *   injected once into `<head>`, scoped under the tag (core/mount/legacy.ts).
 */
import r2wc from '@r2wc/react-to-web-component';
import { createElement, type ComponentType } from 'react';
import tokensCss from '../../styles/tokens.css';
import uiCss from '../../styles/ui.css';
import { WidgetRoot } from './WidgetRoot.tsx';
import { ChunkErrorNotice } from './ChunkErrorNotice.tsx';
import { useRetryableLoad } from './useRetryableLoad.ts';
import { loadCssChunk, type CssLoader } from '../../core/mount/cssChunk.ts';
import { CHUNK_ERROR_ATTR } from '../../core/mount/chunkError.ts';
import { injectLegacyStyles, isLegacyRendering } from '../../core/mount/legacy.ts';
import { registerWidget, unregisterWidget } from '../../core/mount/registry.ts';

export type AttrType = 'string' | 'number' | 'boolean';

export interface ElementDefinition<P extends object> {
  component: ComponentType<P>;
  /** camelCase prop → attribute type; the attribute is the kebab-case form (`vfContainerId` → `vf-container-id`). */
  props: { [K in keyof P & string]?: AttrType };
  /** The element's own stylesheet: a css string, or its own chunk (`() => import('./styles.css')`). */
  css?: string | CssLoader;
  /** The element's i18n bundle (`base` is always loaded). */
  bundle?: string;
  /** What shows while messages load: a space-reserving skeleton (default) or nothing (inline elements). */
  placeholder?: 'skeleton' | 'none';
}

// r2wc keeps its state under these registered symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

interface R2wcInternals extends HTMLElement {
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

const sheetCache = new Map<string, CSSStyleSheet>();

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheetCache.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheetCache.set(css, sheet);
  }
  return sheet;
}

export function toAttributeName(prop: string): string {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
}

export function defineElement<P extends object>(tag: string, def: ElementDefinition<P>): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const { component, bundle, placeholder } = def;
  const legacy = isLegacyRendering();
  const cssChunk = typeof def.css === 'function' ? def.css : null;
  const sheets = [tokensCss, uiCss, typeof def.css === 'string' ? def.css : ''].filter(Boolean);
  const types = def.props as Record<string, AttrType>;
  const propOfAttribute = new Map(Object.keys(types).map((prop) => [toAttributeName(prop), prop]));
  if (legacy) injectLegacyStyles(tag, sheets);

  let ownCss: Promise<string> | null = null;
  const loadOwnCss = (loader: CssLoader) =>
    (ownCss ??= loadCssChunk(tag, loader).catch((error: unknown) => {
      ownCss = null; // Retry asks again
      throw error;
    }));
  const applyOwnCss = (host: HTMLElement | null, css: string) => {
    if (legacy) injectLegacyStyles(tag, [css], `${tag}:own`);
    else if (host?.shadowRoot) host.shadowRoot.adoptedStyleSheets = [...sheets, css].map(sheetFor);
  };

  function Rooted(props: P & { container?: ShadowRoot | HTMLElement }) {
    const { container, ...own } = props;
    const host = container instanceof ShadowRoot ? (container.host as HTMLElement) : (container ?? null);
    const ownCss = useRetryableLoad(
      cssChunk && (() => loadOwnCss(cssChunk).then((text) => (applyOwnCss(host, text), true))),
      [host],
    );
    const children =
      !cssChunk || ownCss.value
        ? createElement(component, own as P)
        : ownCss.failed
          ? createElement(ChunkErrorNotice, { onRetry: ownCss.retry })
          : null;
    return createElement(WidgetRoot, { host, bundle, placeholder, children });
  }
  Rooted.displayName = `${tag}-root`;

  const Base = r2wc(Rooted, { shadow: legacy ? undefined : 'open', props: types as never }) as unknown as new () => R2wcInternals;

  class VfElement extends Base {
    constructor() {
      super();
      const root = this.shadowRoot;
      if (root && 'adoptedStyleSheets' in root) {
        root.adoptedStyleSheets = sheets.map(sheetFor);
      }
    }

    override connectedCallback(): void {
      // A "did not load" placeholder the loader left in the light DOM has done its job.
      this.querySelectorAll(`[${CHUNK_ERROR_ATTR}]`).forEach((notice) => notice.remove());
      super.connectedCallback();
      registerWidget(this, tag);
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      unregisterWidget(this);
    }

    override attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
      super.attributeChangedCallback(name, oldValue, value);
      const prop = propOfAttribute.get(name);
      if (!prop) return;
      // r2wc only handles truthy values: reset on removal (and on an empty non-boolean value),
      // and treat a bare boolean attribute (`<x flag>`) as true.
      let next: unknown;
      if (value === null) next = undefined;
      else if (value === '') next = types[prop] === 'boolean' ? true : undefined;
      else return;
      if (this[PROPS][prop] === next) return;
      this[PROPS][prop] = next;
      this[RENDER]();
    }
  }

  try {
    customElements.define(tag, VfElement);
  } catch (error) {
    // Lost a race with another copy of the embed: theirs wins, ours is dropped.
    const winner = customElements.get(tag);
    if (winner) return winner;
    throw error;
  }
  return VfElement;
}
