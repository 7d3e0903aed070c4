// elements/reserves.json as css (docs/performance.md "Layout shift"), for the three places that
// reserve an element's box: its own shadow root once defined (`:host` rules, defineElement), the
// page before vf.js defines it (dist/vf.css), and every vf shadow root, which the page's sheets do
// not reach, for the vf elements nested in it (a poll in a live-blog post).
//
// A reserve is a height (a block of that min-height) or, per host selector, a height or the
// declarations of an inline box ({ "display": "inline-block", "min-width": …, "min-height": … }).

/** One selector's declarations; a block's `display` only where the selector is the bare host. */
function declarations(value, bare) {
  const box = typeof value === 'string' ? { ...(bare && { display: 'block' }), 'min-height': value } : value;
  return Object.entries(box).map(([name, v]) => `${name}:${v}`).join(';');
}

/** A reserve as `{ selector: value }`, `:host` for a bare height. */
function bySelector(reserve) {
  return typeof reserve === 'string' || !Object.keys(reserve).some((key) => key.startsWith(':host')) ? { ':host': reserve } : reserve;
}

/** An element's own rules: each host selector's box, and its min-height as `--_vf-reserve` (the skeleton's height). */
export function hostReserveCss(reserve) {
  if (!reserve) return '';
  return Object.entries(bySelector(reserve))
    .map(([selector, value]) => {
      const height = typeof value === 'string' ? value : value['min-height'];
      return `${selector}{${declarations(value, selector === ':host')}${height ? `;--_vf-reserve:${height}` : ''}}`;
    })
    .join('');
}

/** The boxes of elements not yet defined, as `tag:not(:defined)` rules (vf.css, and inside vf shadow roots). */
export function undefinedReserveCss(reserves) {
  const rules = [];
  for (const [tag, reserve] of Object.entries(reserves)) {
    for (const [selector, value] of Object.entries(bySelector(reserve))) {
      const host = selector === ':host' ? tag : selector.replace(/^:host\((.*)\)$/, `${tag}$1`);
      if (host === selector) throw new Error(`elements/reserves.json: ${tag}: "${selector}" is not :host or :host(<selector>)`);
      rules.push(`${host}:not(:defined){${declarations(value, selector === ':host')}}`);
    }
  }
  return rules.join('\n');
}
