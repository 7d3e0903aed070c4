/**
 * Loads a vendor's script once per address (a classic `<script async>` in `<head>`). A relative
 * address is read against vf's own origin, so a site setting of `/demo/vendors/gtag.js` means the
 * stand-in the vf server serves. Resolves false on a load error or a missing address; never throws.
 */
import { getConfig } from '../config.ts';

const loads = new Map<string, Promise<boolean>>();

function absoluteScriptUrl(url: string): string {
  return new URL(url, new URL(getConfig().apiBase).origin).href;
}

export function loadScript(url: string | null): Promise<boolean> {
  if (!url) return Promise.resolve(false);
  let href: string;
  try {
    href = absoluteScriptUrl(url);
  } catch {
    return Promise.resolve(false);
  }
  let load = loads.get(href);
  if (!load) {
    load = new Promise<boolean>((resolve) => {
      const script = document.createElement('script');
      script.async = true;
      script.src = href;
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
