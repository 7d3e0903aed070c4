/**
 * <vf-conversations-count>: "12 comments" for a container. Shown only when the count is a
 * nonzero integer and the container is not hidden; moderators and admins see it even when the
 * container is hidden (spec: comment count). Live: reads the container cache that realtime
 * events patch, while subscribed to the container.
 */
import { useContainerQuery, type ContainerArgs } from '../../core/api/comments.ts';
import type { Container, User } from '../../core/api/types.ts';
import { isPrivileged } from '../../core/permissions/index.ts';
import { selectCurrentUser, selectPage, selectSectionUuid, selectSessionStatus } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useContainerSubscription } from '../ui/useContainerSubscription.ts';
import { useHostState } from '../ui/useHostState.ts';
import { useT } from '../ui/useIntl.ts';
import { useViewerRefetch } from '../ui/useViewerRefetch.ts';
import { countArgs } from './firstPage.ts';

export interface ConversationsCountProps {
  /** `vf-container-id`: the container's public id (default: the page's). */
  vfContainerId?: string;
}

/** The spec's visibility rule, as a pure function. */
export function visibleCount(container: Container | undefined, user: User | null): number | null {
  if (!container) return null;
  const count = container.total_visible_content;
  if (!Number.isInteger(count) || count <= 0) return null;
  if (container.settings?.is_hidden && !isPrivileged(user)) return null;
  return count;
}

function Count({ args }: { args: ContainerArgs }) {
  const t = useT();
  const user = useAppSelector(selectCurrentUser);
  const { data: container, refetch } = useContainerQuery(args);
  useContainerSubscription(container?.content_container_uuid);
  useViewerRefetch(refetch);

  const count = visibleCount(container, user);
  useHostState(count !== null ? 'ready' : container ? 'empty' : 'loading');
  if (count === null) return null;
  return (
    <span className="vf-count" part="count">
      {t('base.count.comments', { count })}
    </span>
  );
}

export function ConversationsCount({ vfContainerId }: ConversationsCountProps) {
  const status = useAppSelector(selectSessionStatus);
  const sectionUuid = useAppSelector(selectSectionUuid);
  const page = useAppSelector(selectPage);
  if (status !== 'ready' || !sectionUuid) return null;
  // The server's first paint loads the same container (./firstPage.ts).
  return <Count args={countArgs(sectionUuid, { vfContainerId }, page)} />;
}
