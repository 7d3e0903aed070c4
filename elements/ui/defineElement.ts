/**
 * Registers a vf custom element made from a React component (r2wc), once.
 *
 * - idempotent: a tag that is already defined is left alone (an embed may load twice);
 * - open shadow root with constructable stylesheets adopted: tokens, shared UI, the element's css;
 * - removing an attribute resets its prop to `undefined` (r2wc ignores removal, issue #230);
 * - a property set before the element's chunk defined it (`el.limit = 5` on a not yet upgraded
 *   element, as app code may) is taken over when it connects, not left shadowing the accessor;
 * - the component renders inside `WidgetRoot` (store Provider, host element, i18n);
 * - the element's own stylesheet may be a chunk (`css: () => import('./styles.css')`): until it
 *   is in the element renders nothing; if it fails (`CSS_CHUNK_LOAD_FAILED`) it shows a
 *   translated message with Retry;
 * - each connected element registers as a mounted widget (widget id, `widgets/mount` and
 *   `widgets/unmount` events, `vf-mobile`; core/mount/registry.ts);
 * - with `?forceLegacy=1` on the page address it renders in the light DOM and its sheets are
 *   adopted once by the document, scoped under the tag (core/mount/legacy.ts).
 */
import r2wc from '@r2wc/core';
import type { ComponentType } from 'react';
import tokensCss from '../../styles/tokens.css';
import uiCss from '../../styles/ui.css';
import { elementRoot } from './elementTree.tsx';
import { toAttributeName, type AttrType } from './attributes.ts';
import type { FirstPageLoader } from './firstPaint.ts';
import { renderer } from './takeover.ts';
import { takeoverPreparer } from './prepareTakeover.ts';
import { loadCssChunk, type CssLoader } from '../../core/mount/cssChunk.ts';
import { CHUNK_ERROR_ATTR } from '../../core/mount/chunkError.ts';
import { injectLegacyStyles, isLegacyRendering } from '../../core/mount/legacy.ts';
import { registerWidget, unregisterWidget } from '../../core/mount/registry.ts';
import { sheetFor } from '../../core/styleSheets.ts';
import { hostReserveCss, type Reserve } from '../reserveRules.mjs';
import { nestedReservesCss } from './nestedReserves.ts';


export interface ElementDefinition<P extends object> {
  component: ComponentType<P>;
  /** camelCase prop → attribute type; the attribute is the kebab-case form (`vfContainerId` → `vf-container-id`). */
  props: { [K in keyof P & string]?: AttrType };
  /** The element's own stylesheet: a css string, or its own chunk (`() => import('./styles.css')`). */
  css?: string | CssLoader;
  /**
   * The box the element keeps while it loads (its final size where known), in force from its
   * definition, before its own stylesheet chunk and its data arrive: a min-height for `:host`, or
   * one per host selector (`{ ':host': '9rem', ':host([compact])': '1.75rem' }`), or an inline
   * box's declarations (elements/reserveRules.mjs). Its skeleton fills the same height.
   */
  reserve?: Reserve;
  /** The element's i18n bundle (`base` is always loaded); several are joined by commas (WidgetRoot.tsx). */
  bundle?: string;
  /** What shows while messages load: a space-reserving skeleton (default) or nothing (inline elements). */
  placeholder?: 'skeleton' | 'none';
  /** How its first page loads into a store: given, the server can paint it first (elements/ui/firstPaint.ts). */
  firstPage?: FirstPageLoader<P>;
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

export function defineElement<P extends object>(tag: string, def: ElementDefinition<P>): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing) return existing;

  const { component, bundle, placeholder } = def;
  const legacy = isLegacyRendering();
  const cssChunk = typeof def.css === 'function' ? def.css : null;
  const sheets = [tokensCss, uiCss, nestedReservesCss, hostReserveCss(def.reserve), typeof def.css === 'string' ? def.css : ''].filter(Boolean);
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
    if (legacy) injectLegacyStyles(tag, [css]);
    else if (host?.shadowRoot) host.shadowRoot.adoptedStyleSheets = [...sheets, css].map(sheetFor);
  };

  const Rooted = elementRoot<P>({
    tag, component, bundle, placeholder,
    cssChunk: cssChunk && { load: () => loadOwnCss(cssChunk), apply: applyOwnCss },
  });

  // A server-painted element (core/loader/firstPaint.ts) is taken over once its first page is in.
  const prepare = def.firstPage && !legacy ? takeoverPreparer(def.firstPage, bundle) : null;
  const Base = r2wc(Rooted as ComponentType<any>, { shadow: legacy ? undefined : 'open', props: types as never }, renderer(prepare)) as unknown as new () => R2wcInternals;

  class VfElement extends Base {
    constructor() {
      super();
      const root = this.shadowRoot;
      if (root && 'adoptedStyleSheets' in root) {
        root.adoptedStyleSheets = sheets.map(sheetFor);
      }
    }

    /** The loader may have painted the server's first page in a shadow root already: that one is kept. */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }

    override connectedCallback(): void {
      // Own properties set while this was a plain HTMLElement hide r2wc's accessors: pass them on.
      for (const prop of Object.keys(types)) {
        if (!Object.hasOwn(this, prop)) continue;
        const value = (this as unknown as Record<string, unknown>)[prop];
        delete (this as unknown as Record<string, unknown>)[prop];
        (this as unknown as Record<string, unknown>)[prop] = value;
      }
      // A "did not load" placeholder the loader left (light DOM, or a painted shadow root) has done its job.
      for (const root of [this, this.shadowRoot]) root?.querySelectorAll(`[${CHUNK_ERROR_ATTR}]`).forEach((notice) => notice.remove());
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
