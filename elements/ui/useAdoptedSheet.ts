/**
 * A ref callback that adopts `css` into the shadow root (or document) its element renders in: for
 * panels that are chunks of their own, shown by several elements, whose styles come with them
 * rather than with every element's first sheet. A shared constructed sheet (core/styleSheets.ts):
 * no `<style>` a Content-Security-Policy would refuse.
 */
import { useCallback } from 'react';
import { adoptSheet } from '../../core/styleSheets.ts';

export function useAdoptedSheet(css: string): (el: Element | null) => void {
  return useCallback((el: Element | null) => {
    const root = el?.getRootNode();
    if (root instanceof ShadowRoot || root instanceof Document) adoptSheet(root, css);
  }, [css]);
}
