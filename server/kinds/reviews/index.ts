/** What kinds/reviews offers the other features (docs/architecture.md): import these from here, not from its files. */
export { moveReviewCount } from './queries.ts';
