/**
 * Constructed stylesheets (`adoptedStyleSheets`), one per text, shared by every root that adopts
 * it. A page's Content-Security-Policy without 'unsafe-inline' in `style-src` refuses a `<style>`
 * element vf would add, not a constructed sheet (docs/server.md "Content-Security-Policy").
 */
const sheets = new Map<string, CSSStyleSheet>();

export function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** Adds `css`'s shared sheet to a shadow root or document, once, after the sheets it has. */
export function adoptSheet(root: ShadowRoot | Document, css: string): void {
  const sheet = sheetFor(css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
