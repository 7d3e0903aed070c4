/**
 * Subscribes to the realtime feed while the calling component is mounted. Subscribers of the
 * same rules share one server subscription (counted in the slice); the last one leaving
 * unsubscribes. Events patch the RTK Query caches; the hook returns the subscription status as
 * widgets show it (`error_subscribing` also while a container's catch-up is failing: slice.ts).
 * `signals`: also typing and presence for its containers (signals.ts), as a subscription of its own.
 */
import { useEffect, useMemo } from 'react';
import type { RealtimeRule } from '../api/types.ts';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { selectLiveStatus, subscribeRequested, unsubscribeRequested, type SubscriptionStatus } from './slice.ts';
import { subscriptionIdFor } from './subscriptionId.ts';

export function useRealtimeSubscription(rules: RealtimeRule[] | null, { signals = false }: { signals?: boolean } = {}): SubscriptionStatus {
  const dispatch = useAppDispatch();
  // Callers pass fresh arrays each render: the id (derived from the rules) is the identity.
  const id = rules && rules.length > 0 ? subscriptionIdFor(rules, signals) : null;
  const stableRules = useMemo(() => rules, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!id || !stableRules) return undefined;
    dispatch(subscribeRequested({ id, rules: stableRules, signals }));
    return () => {
      dispatch(unsubscribeRequested({ id }));
    };
  }, [dispatch, id, stableRules, signals]);

  return useAppSelector((state) => (id ? selectLiveStatus(state, id) : 'none'));
}
