/**
 * The content container a pull quote or a conversation starter reads: its own
 * `vf-container-id`, else the one its target `<vf-conversations>` shows, else the page's
 * (`vf:container_id` meta, else the page url). Fetched once the session is ready, and again
 * when the viewer changes (the server answers hidden conversations per viewer).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useContainerQuery } from '../../core/api/comments.ts';
import { selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { containerIdOfConversation } from './conversationTarget.ts';
import { useViewerRefetch } from './useViewerRefetch.ts';

export function useWidgetContainer(vfContainerId: string | undefined, target: string | undefined) {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const page = useAppSelector(selectPage);
  const containerId =
    vfContainerId?.trim() || containerIdOfConversation(target) || page?.container_id || page?.url || location.href;
  const ready = status === 'ready' && !!sectionUuid;
  const query = useContainerQuery(ready ? { sectionUuid, containerId } : skipToken);
  useViewerRefetch(query.refetch, ready);
  return { sessionFailed: status === 'failed', sectionUuid, query };
}
