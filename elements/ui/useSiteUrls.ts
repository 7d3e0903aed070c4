/**
 * What every rail (trending, recirculation, community views, live story) checks before it shows
 * a page's link or picture: the link must be on one of the site's domains (bootstrap), the picture
 * there or on a host in the site's `page_image_hosts`; anything else is not shown. The server
 * refuses such pages (docs/api.md "Pages"); this is the defence for rows stored before it did.
 */
import { useMemo } from 'react';
import { pageImageHosts, urlOnHosts } from '../../core/page/siteUrls.ts';
import { selectSettings, selectSiteDomains } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';

export interface SiteUrls {
  /** The address when it is on the site's domains, else null. */
  link(url: string | null | undefined): string | null;
  /** The picture's address when it is on the site's image hosts, else null. */
  image(url: string | null | undefined): string | null;
}

export function useSiteUrls(): SiteUrls {
  const domains = useAppSelector(selectSiteDomains);
  const settings = useAppSelector(selectSettings);
  return useMemo(() => {
    const imageHosts = pageImageHosts(domains, settings);
    return { link: (url) => urlOnHosts(url, domains), image: (url) => urlOnHosts(url, imageHosts) };
  }, [domains, settings]);
}
