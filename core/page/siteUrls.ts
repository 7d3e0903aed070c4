/**
 * Addresses that belong to a site (docs/api.md "Pages"): an http(s) address, without a user name
 * or password, whose host is one of the site's domains; a page's picture may also be on a host an
 * admin allow-listed (`page_image_hosts`). Pure: the server checks what it stores and reads with
 * it, and every rail (trending, recirculation, community, live story) checks what it shows.
 */
import { listedHosts } from '../settings/site.ts';

/** The address, normalised, when it is http(s) on one of `hosts` (exact host names, any port); else null. */
export function urlOnHosts(raw: string | null | undefined, hosts: readonly string[]): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  return hosts.some((allowed) => allowed.toLowerCase() === host) ? url.href : null;
}

/** The hosts a page's picture may come from: the site's domains and its `page_image_hosts`. */
export function pageImageHosts(domains: readonly string[], settings: { page_image_hosts: string | null } | null | undefined): string[] {
  return [...domains, ...listedHosts(settings?.page_image_hosts)];
}
