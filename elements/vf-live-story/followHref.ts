/**
 * The `href` of <vf-live-story>'s "Follow the live blog" link: an http(s) address, or a relative
 * one (resolved against the page); anything else (javascript:, data:, garbage) is ignored.
 */
export function followHref(raw: string | undefined, base = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/'): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
