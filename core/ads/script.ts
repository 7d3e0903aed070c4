/**
 * Loads a vendor's script once per address (a classic `<script async>` in `<head>`). A relative
 * address is read against vf's own origin, so a site setting of `/demo/vendors/gtag.js` means the
 * stand-in the vf server serves. Resolves false on a load error or a missing address, or when the
 * page's Trusted Types refuse it; never throws. vf's Trusted Types policy passes only an address
 * the site's ad settings name (`allowVendorScript`, where core/ads/serve.ts reads them).
 */
import { getConfig } from '../config.ts';
import { vfTrustedTypes } from '../trustedTypes.ts';

const loads = new Map<string, Promise<boolean>>();

function absoluteScriptUrl(url: string): string {
  return new URL(url, new URL(getConfig().apiBase).origin).href;
}

/** Tells vf's Trusted Types policy that the site's ad settings name this vendor script. */
export function allowVendorScript(url: string | null): void {
  try {
    if (url) vfTrustedTypes().vouchForScriptUrl(absoluteScriptUrl(url));
  } catch {
    // Not an address: loadScript refuses it anyway.
  }
}

export function loadScript(url: string | null): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  let href: string;
  let src: string;
  try {
    href = absoluteScriptUrl(url);
    src = vfTrustedTypes().scriptUrl(href);
  } catch {
    return Promise.resolve(false);
  }
  let load = loads.get(href);
  if (!load) {
    load = new Promise<boolean>((resolve) => {
      const script = document.createElement('script');
      script.async = true;
      script.src = src;
      script.dataset['vfAdVendor'] = ''; // vf added it, for an ad (docs/ads.md)
      script.onload = () => resolve(true);
      script.onerror = () => {
        loads.delete(href); // a later ad may try again
        resolve(false);
      };
      document.head.appendChild(script);
    });
    loads.set(href, load);
  }
  return load;
}
