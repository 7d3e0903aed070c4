/**
 * A subscription's id is derived from its rules, so two elements watching the same container
 * share one server subscription: `content_container_uuid:<uuid>` (values sorted, rules by key),
 * and `|signals` at the end for one that also wants typing and presence (a separate one).
 */
import type { RealtimeRule } from '../api/types.ts';

export function subscriptionIdFor(rules: readonly RealtimeRule[], signals = false): string {
  const id = [...rules]
    .map((rule) => `${rule.key}:${[...rule.values].sort().join(',')}`)
    .sort()
    .join('|');
  return signals ? `${id}|signals` : id;
}

export function containerRules(containerUuid: string): RealtimeRule[] {
  return [{ key: 'content_container_uuid', values: [containerUuid] }];
}

/** The containers a subscription's rules watch. */
export function ruleContainers(rules: readonly RealtimeRule[]): string[] {
  return rules.filter((rule) => rule.key === 'content_container_uuid').flatMap((rule) => rule.values);
}
