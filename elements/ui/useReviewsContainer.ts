/**
 * The reviews container an element shows (its `vf-container-id`, else the page's container id,
 * else the page url: useElementContainer.ts), once the session is ready, with the viewer whose
 * view it is and a retry for either failing.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import type { Container } from '../../core/api/types.ts';
import { useReviewsContainerQuery } from '../../core/api/reviews.ts';
import { isLoggedInUser, selectCurrentUser } from '../../core/session/slice.ts';
import { useAppSelector } from '../../core/store/hooks.ts';
import { useElementContainer } from './useElementContainer.ts';

export type ReviewsContainerState =
  | { status: 'loading'; retry(): void }
  | { status: 'error'; retry(): void }
  | { status: 'ready'; container: Container; sectionUuid: string; userUuid: string | null; retry(): void };

export function useReviewsContainer(vfContainerId: string | undefined): ReviewsContainerState {
  const { status, sectionUuid, containerId, retry } = useElementContainer(vfContainerId);
  const user = useAppSelector(selectCurrentUser);
  const ready = status === 'ready' && !!sectionUuid;
  const query = useReviewsContainerQuery(ready ? { sectionUuid, containerId } : skipToken);
  if (status === 'failed') return { status: 'error', retry };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  if (!ready || !query.currentData) return { status: 'loading', retry };
  return { status: 'ready', container: query.currentData, sectionUuid, userUuid: isLoggedInUser(user) ? user.uuid : null, retry };
}
