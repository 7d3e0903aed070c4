/**
 * Keeps a container's cached data live: subscribes to its realtime events while mounted;
 * `{ signals: true }` also brings typing and presence (core/realtime/signals.ts).
 */
import { useMemo } from 'react';
import type { RealtimeRule } from '../../core/api/types.ts';
import { useRealtimeSubscription } from '../../core/realtime/useRealtimeSubscription.ts';

export function useContainerSubscription(containerUuid: string | undefined, options?: { signals?: boolean }) {
  const rules = useMemo<RealtimeRule[] | null>(
    () => (containerUuid ? [{ key: 'content_container_uuid', values: [containerUuid] }] : null),
    [containerUuid],
  );
  return useRealtimeSubscription(rules, options);
}
