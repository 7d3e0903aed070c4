/** What sites offers the other features (docs/architecture.md): import these from here, not from its files. */
export { type Site, SiteDirectory, getSite, hostOf, normaliseHost, siteOr404, updateSiteSettings } from '../engine/sites.ts';
export { siteForAdmin } from './siteAdmin.ts';
