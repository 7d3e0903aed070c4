/**
 * The content container a pull quote or a conversation starter reads: its own
 * `vf-container-id`, else the one its target `<vf-conversations>` shows, else the page's
 * (`vf:container_id` meta, else the page url). Fetched once the session is ready, and again
 * when the viewer changes (the server answers hidden conversations per viewer).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useContainerQuery } from '../../core/api/comments.ts';
import type { ContainerArgs } from '../../core/api/commentQueries.ts';
import { selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { containerIdOfConversation } from './conversationTarget.ts';
import { useViewerRefetch } from './useViewerRefetch.ts';
import { containerIdFor } from './useElementContainer.ts';

/**
 * The container query's arguments (also what the server's first paint loads, elements/ui/firstPaint.ts).
 * The server has no document to find the target in: it reads the page's (the loader sends the
 * element's own, else the page's).
 */
export function widgetContainerArgs(
  sectionUuid: string, vfContainerId: string | undefined, target: string | undefined, page: { container_id?: string | null; url?: string } | null,
): ContainerArgs {
  const targeted = typeof document === 'object' ? containerIdOfConversation(target) : undefined;
  return { sectionUuid, containerId: containerIdFor(vfContainerId?.trim() || targeted, page) };
}

export function useWidgetContainer(vfContainerId: string | undefined, target: string | undefined) {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const page = useAppSelector(selectPage);
  const ready = status === 'ready' && !!sectionUuid;
  const query = useContainerQuery(ready ? widgetContainerArgs(sectionUuid, vfContainerId, target, page) : skipToken);
  useViewerRefetch(query.refetch, ready);
  return { sessionFailed: status === 'failed', sectionUuid, query };
}
