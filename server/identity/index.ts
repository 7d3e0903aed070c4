/** What identity offers the other features (docs/architecture.md): import these from here, not from its files. */
export { gigyaUidSignature } from './gigya.ts';
