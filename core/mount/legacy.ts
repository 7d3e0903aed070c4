/**
 * The legacy rendering path (spec §1 `forceLegacy`; docs/global-api.md "Legacy rendering").
 * With `?forceLegacy=1` (any value but `0` / `false`) in the page address, elements render in
 * the light DOM — no shadow root — so a publisher's older page-level CSS reaches the widget's
 * markup. Each element kind's stylesheets are adopted once by the document, scoped under the
 * tag with CSS nesting (`:host` becomes the tag itself).
 */
import { adoptSheet } from '../styleSheets.ts';

export const LEGACY_PARAM = 'forceLegacy';

export function isLegacyRendering(search: string = typeof location === 'object' ? location.search : ''): boolean {
  const value = new URLSearchParams(search).get(LEGACY_PARAM);
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

/** Splits out top-level `@keyframes` blocks (they cannot be nested in a style rule). */
function hoistKeyframes(css: string): { keyframes: string; rest: string } {
  let keyframes = '';
  let rest = '';
  let index = 0;
  for (;;) {
    const start = css.indexOf('@keyframes', index);
    if (start < 0) break;
    let depth = 0;
    let end = css.indexOf('{', start);
    for (; end < css.length; end++) {
      if (css[end] === '{') depth++;
      else if (css[end] === '}' && --depth === 0) break;
    }
    rest += css.slice(index, start);
    keyframes += css.slice(start, end + 1);
    index = end + 1;
  }
  return { keyframes, rest: rest + css.slice(index) };
}

/** `:host` rules become the tag's own rules; everything else is nested under the tag. */
export function scopeCss(css: string, tag: string): string {
  const { keyframes, rest } = hoistKeyframes(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  const scoped = rest
    .replace(/:host\(((?:[^()]|\([^()]*\))*)\)/g, '&$1')
    .replace(/:host\b/g, '&');
  // A frozen copy of the widget (shown during a reset, core/mount/lifecycle.ts) looks the same.
  return `${keyframes}${tag},[data-vf-frozen="${tag}"]{${scoped}}`;
}

/**
 * Adds the tag's stylesheets to the document once: a constructed sheet the document adopts,
 * after its own, which a Content-Security-Policy does not refuse as it would a `<style>`.
 */
export function injectLegacyStyles(tag: string, sheets: readonly string[], doc: Document = document): void {
  adoptSheet(doc, sheets.map((css) => scopeCss(css, tag)).join('\n'));
}
