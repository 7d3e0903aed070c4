/** What sites offers the other features (docs/architecture.md): import these from here, not from its files. */
export { siteForAdmin } from './siteAdmin.ts';
