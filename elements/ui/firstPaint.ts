/**
 * What the server's first paint and the browser's takeover of it share (docs/performance.md
 * "Two paths to the first comments"): an element that can be painted by the server names how
 * its first page is loaded into a store, and both sides tag the data they rendered from, so the
 * browser hydrates only markup made from the data it has.
 */
import type { AppStore } from '../../core/store/index.ts';
import { commentQueriesApi, type ContainerArgs } from '../../core/api/commentQueries.ts';
import type { Container } from '../../core/api/types.ts';
import { selectPage, selectSectionUuid } from '../../core/session/slice.ts';
import { containerIdFor } from './useElementContainer.ts';
import { fnv1a } from '../../core/text/fnv1a.ts';

/** What an element's first page loaded: its container and every query answer, in order. */
export interface FirstPageData {
  containerUuid: string;
  values: unknown[];
}

export type FirstPageLoader<P> = (store: AppStore, props: P) => Promise<FirstPageData | null>;

/**
 * The host attribute the loader sets on a server-painted element (the data tag of its markup), and
 * the attribute that carries an inline style in the server's markup.
 */
export { FIRST_PAINT_ATTR, FIRST_PAINT_STYLE_ATTR, PENDING_ATTR } from '../../core/loader/firstPaint.ts';

/** A short tag of the answers (FNV-1a over their JSON): equal data, equal tag, on either side. */
export function dataTag(values: readonly unknown[]): string {
  const text = JSON.stringify(values);
  return `${fnv1a(text).toString(36)}.${text.length.toString(36)}`;
}

/**
 * The first page of an element that shows one container's settings and counts (the count, the
 * conversation starter): the container, loaded as the mounted element's hook loads it.
 */
export async function loadContainerFirstPage(
  store: AppStore, args: (sectionUuid: string, page: ReturnType<typeof selectPage>) => ContainerArgs,
): Promise<(FirstPageData & { container: Container }) | null> {
  const state = store.getState();
  const sectionUuid = selectSectionUuid(state);
  if (!sectionUuid) return null;
  const loaded = await store.dispatch(commentQueriesApi.endpoints.container.initiate(args(sectionUuid, selectPage(state)), { subscribe: false }));
  const container = loaded.data;
  return container ? { containerUuid: container.content_container_uuid, values: [container], container } : null;
}

/** A read by the page's container id, or by the container's uuid once that is known. */
type Read = (sectionUuid: string, id: string) => PromiseLike<{ data?: unknown }>;

/**
 * The first page of a kind that reads its container (by the page's container id) and then the
 * container's items (the live blog's posts, the chat's messages), as its mounted hooks do.
 */
export async function loadContainerAndItems(
  store: AppStore, vfContainerId: string | undefined, readContainer: Read, readItems: Read,
): Promise<FirstPageData | null> {
  const state = store.getState();
  const sectionUuid = selectSectionUuid(state);
  if (!sectionUuid) return null;
  const container = (await readContainer(sectionUuid, containerIdFor(vfContainerId, selectPage(state)))).data as Container | undefined;
  if (!container) return null;
  const containerUuid = container.content_container_uuid;
  const items = (await readItems(sectionUuid, containerUuid)).data;
  return items ? { containerUuid, values: [container, items] } : null;
}
