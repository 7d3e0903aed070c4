/**
 * vf's one Trusted Types policy, named `vf` (docs/server.md "Content-Security-Policy"). A page
 * whose policy says `require-trusted-types-for 'script'` refuses plain strings at the DOM's HTML
 * and script sinks. vf writes to three kinds, and the policy lets through only:
 * - HTML: the markup of a first-paint answer of the vf server (core/loader/firstPaint.ts), once
 *   each: `vouchForServerHtml` is told it where the answer is painted;
 * - script URLs: the absolute addresses vf itself was configured to load as a script, each
 *   vouched for where it is read: an ad vendor's script as the site's ad settings name it
 *   (core/ads/serve.ts), the push service worker the page names (core/push/browser.ts);
 * - script text: JSON, for structured data (`application/ld+json`).
 * Anything else throws, with or without Trusted Types in the browser (without them the
 * sinks get the plain strings). vf.js makes the policy once and hands it to the chunks with
 * core's start (core/loader/host.ts), so the page has one policy named `vf`.
 */

/**
 * What the policy makes. Typed as strings, as TypeScript's DOM types type these sinks; at run
 * time each is the browser's TrustedHTML, TrustedScriptURL or TrustedScript where it has them.
 */
interface PolicyRules {
  createHTML(html: string): string;
  createScriptURL(url: string): string;
  createScript(text: string): string;
}
/** The browser's Trusted Types, where it has them (TypeScript's DOM types lack them). */
interface TrustedTypeFactory {
  createPolicy(name: string, rules: PolicyRules): PolicyRules;
}

export const POLICY_NAME = 'vf';

export interface VfTrustedTypes {
  /** Notes markup that came in a first-paint answer of the vf server: `html` lets it through once. */
  vouchForServerHtml(html: string): void;
  /** For `innerHTML`: only vouched-for markup, else throws. */
  html(html: string): string;
  /** Notes an absolute address vf is configured to load as a script. */
  vouchForScriptUrl(url: string): void;
  /** For `script.src`, `serviceWorker.register`: only vouched-for addresses, else throws. */
  scriptUrl(url: string): string;
  /** For a data script's `textContent`: only JSON, else throws. */
  json(text: string): string;
}

/**
 * The browser's policy with these rules; without Trusted Types, or when the page's `trusted-types`
 * directive does not name `vf`, the rules alone (plain strings: a page that requires Trusted Types
 * refuses them at the sink, with a report naming the sink).
 */
function browserPolicy(rules: PolicyRules): PolicyRules {
  try {
    return (globalThis as { trustedTypes?: TrustedTypeFactory }).trustedTypes?.createPolicy(POLICY_NAME, rules) ?? rules;
  } catch {
    return rules;
  }
}

/** The rules, and the browser's policy made from them the first time a sink needs it. */
export function createVfTrustedTypes(): VfTrustedTypes {
  const serverHtml = new Set<string>();
  const scriptUrls = new Set<string>();
  const rules: PolicyRules = {
    createHTML(html) {
      if (!serverHtml.delete(html)) throw new TypeError('vf: HTML not from the vf server');
      return html;
    },
    createScriptURL(url) {
      if (!scriptUrls.has(url)) throw new TypeError(`vf: not a script vf loads: ${url}`);
      return url;
    },
    createScript(text) {
      JSON.parse(text); // throws a SyntaxError for anything but JSON
      return text;
    },
  };
  let policy: PolicyRules | null = null;
  const sinks = () => (policy ??= browserPolicy(rules));
  return {
    vouchForServerHtml: (html) => void serverHtml.add(html),
    html: (html) => sinks().createHTML(html),
    vouchForScriptUrl: (url) => void scriptUrls.add(url),
    scriptUrl: (url) => sinks().createScriptURL(url),
    json: (text) => sinks().createScript(text),
  };
}

let current: VfTrustedTypes | null = null;

/** This bundle's policy: the one vf.js handed over (core/boot.ts), else one made here. */
export function vfTrustedTypes(): VfTrustedTypes {
  return (current ??= createVfTrustedTypes());
}

/** Takes the loader's policy, so the page has one (core/boot.ts). */
export function adoptTrustedTypes(given: VfTrustedTypes): void {
  current = given;
}
