/**
 * The ids of a container's items that arrived live and are held back so the list does not jump
 * (core/api/heldComments.ts). Nothing is held in a server-painted page, nor while the browser
 * hydrates it.
 */
import { useSyncExternalStore } from 'react';
import { heldCommentIds, subscribeHeldComments } from '../../core/api/heldComments.ts';

const NONE_HELD: readonly string[] = [];

export function useHeldComments(containerUuid: string): readonly string[] {
  return useSyncExternalStore(subscribeHeldComments, () => heldCommentIds(containerUuid), () => NONE_HELD);
}
