/**
 * What an element that shows one content container needs before it loads it: the session's
 * status and site, the container id (its `vf-container-id`, else the page's `vf:container_id`
 * meta, else the page url), the page, and a retry of a failed start-up for its error state.
 */
import { selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useRetryBootstrap } from './useRetryBootstrap.ts';

/** The container id an element shows: its attribute, else the page's container id, else the page url. */
export function containerIdFor(vfContainerId: string | undefined, page: { container_id?: string | null; url?: string } | null): string {
  return vfContainerId?.trim() || page?.container_id || page?.url || (typeof location === 'object' ? location.href : '');
}

export function useElementContainer(vfContainerId: string | undefined) {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const page = useAppSelector(selectPage);
  const retry = useRetryBootstrap();
  const containerId = containerIdFor(vfContainerId, page);
  return { status, sectionUuid, page, containerId, retry };
}
