/**
 * Adopts the legal panels' sheet into the shadow root (or document) a panel renders in: the panels
 * are their own chunks, shown by several elements, so their styles come with them rather than with
 * every element's first sheet. A constructed sheet, shared (core/styleSheets.ts): no `<style>` a
 * Content-Security-Policy would refuse.
 */
import { useCallback } from 'react';
import { sheetFor } from '../../../core/styleSheets.ts';
import legalCss from './legal.css';

/** A ref callback for the panel's outer element. */
export function useLegalStyles(): (el: Element | null) => void {
  return useCallback((el: Element | null) => {
    const root = el?.getRootNode();
    if (!(root instanceof ShadowRoot || root instanceof Document)) return;
    const sheet = sheetFor(legalCss);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, []);
}
