/** What notifications offers the other features (docs/architecture.md): import these from here, not from its files. */
export { notifyFollow } from './create.ts';
export { deliver } from './deliver.ts';
export { insertNotifications } from './queries.ts';
