/**
 * A subscription's id is derived from its rules, so two elements watching the same container
 * share one server subscription: `content_container_uuid:<uuid>` (values sorted, rules by key).
 */
import type { RealtimeRule } from '../api/types.ts';

export function subscriptionIdFor(rules: readonly RealtimeRule[]): string {
  return [...rules]
    .map((rule) => `${rule.key}:${[...rule.values].sort().join(',')}`)
    .sort()
    .join('|');
}

export function containerRules(containerUuid: string): RealtimeRule[] {
  return [{ key: 'content_container_uuid', values: [containerUuid] }];
}

/** The containers a subscription's rules watch. */
export function ruleContainers(rules: readonly RealtimeRule[]): string[] {
  return rules.filter((rule) => rule.key === 'content_container_uuid').flatMap((rule) => rule.values);
}
