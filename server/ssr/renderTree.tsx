/**
 * One first paint: the element's first page loaded into the render's store, its messages, then
 * its React tree (the browser's own, elements/ui/elementTree.tsx) to a string.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import tokensCss from '../../styles/tokens.css';
import uiCss from '../../styles/ui.css';
import type { AppStore } from '../../core/store/index.ts';
import { configure } from '../../core/config.ts';
import { elementRoot } from '../../elements/ui/elementTree.tsx';
import { nestedReservesCss } from '../../elements/ui/nestedReserves.ts';
import { dataTag, FIRST_PAINT_STYLE_ATTR } from '../../elements/ui/firstPaint.ts';
import { loadIntl, rootLanguage } from '../../elements/ui/WidgetRoot.tsx';
import type { FirstPaintElement } from './elements.ts';
import type { Rendered, RenderRequest } from './render.ts';

const roots = new Map<string, ReturnType<typeof elementRoot<any>>>();

export async function renderFirstPaint(store: AppStore, element: FirstPaintElement, request: RenderRequest): Promise<Rendered | null> {
  const { definition } = element;
  if (!definition.firstPage || typeof definition.css === 'function') return null;
  const first = await definition.firstPage(store, request.props);
  if (!first) return null;
  const lang = rootLanguage(request.lang);
  await loadIntl(lang, definition.bundle);
  let Rooted = roots.get(request.tag);
  if (!Rooted) {
    Rooted = elementRoot({ tag: request.tag, component: definition.component, bundle: definition.bundle, placeholder: definition.placeholder });
    roots.set(request.tag, Rooted);
  }
  // The addresses the markup holds are this server's as the page reaches it. Set right before
  // the (synchronous) render, so renders waiting for their data do not see each other's.
  configure({ origin: request.origin });
  const html = renderToString(createElement(Rooted, { ...request.props, store }));
  return {
    html: withoutStyleAttributes(html),
    css: definition.css ?? '',
    sharedCss: `${tokensCss}\n${uiCss}\n${nestedReservesCss}`,
    structuredData: element.structuredData(first.values),
    containerUuid: first.containerUuid,
    lang,
    dataTag: dataTag(first.values),
  };
}

/**
 * React writes a `style` prop as a `style` attribute, which a page's Content-Security-Policy
 * without 'unsafe-inline' refuses: the markup carries it as `data-vf-style`, and the loader sets
 * it through the element's `style` object (core/loader/firstPaint.ts). React escapes `"` in text
 * and in attribute values, so ` style="` only ever starts the attribute itself.
 */
export function withoutStyleAttributes(html: string): string {
  return html.replace(/ style="/g, ` ${FIRST_PAINT_STYLE_ATTR}="`);
}
