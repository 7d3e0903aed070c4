/**
 * A value only the browser knows (the page's other elements, the reader's clock): `server` while
 * rendering on the server and while hydrating server-painted markup, so both render the same;
 * the browser's value in the render right after.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useClientValue<T>(client: () => T, server: T): T {
  return useSyncExternalStore(noSubscription, client, () => server);
}
