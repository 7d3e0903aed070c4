/** What pages offers the other features (docs/architecture.md): import these from here, not from its files. */
export { recordRead } from './pageReads.ts';
export { CONFIRMED_META, getPage } from './queries.ts';
export { containerOfPage, pageOfContainer, pagesWithContainers, pageUuidOf } from './containerPages.ts';
export { type TrendingReader, trendingContainers } from './trending.ts';
