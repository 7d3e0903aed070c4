/**
 * Parsing and checking client frames (docs/api.md#realtime). Pure: returns either a valid
 * frame or the message for an `error` frame.
 */
import type { ClientFrame, RealtimeRule } from '../../core/api/types.ts';
import { BROADCAST_CHANNEL } from '../../core/api/notificationTypes.ts';
import { MAX_RULE_VALUES } from './hub.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Containers' content events, a user's notifications (docs/notifications.md "Live delivery"), a site's moderation queue (docs/moderation.md "Live"). */
export const RULE_KEYS = ['content_container_uuid', 'notification_channel', 'moderation_section_uuid'] as const;
const MAX_TOKEN_LENGTH = 4096;

/** A channel is a user's uuid-shaped key, or the site's broadcasts. */
const isValue = (key: unknown, v: unknown) => typeof v === 'string' && (UUID.test(v) || (key === 'notification_channel' && v === BROADCAST_CHANNEL));

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; message: string; subscription_id?: string };

const fail = (message: string, subscriptionId?: string): ParsedFrame =>
  subscriptionId === undefined ? { ok: false, message } : { ok: false, message, subscription_id: subscriptionId };

function isSubscriptionId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= 200;
}

function checkRules(filter: unknown): RealtimeRule[] | string {
  const oneOf = (filter as { one_of?: unknown } | null)?.one_of;
  if (!Array.isArray(oneOf) || oneOf.length === 0 || oneOf.length > RULE_KEYS.length * 10) {
    return 'filter.one_of must be a non-empty list of rules';
  }
  const rules: RealtimeRule[] = [];
  for (const rule of oneOf as unknown[]) {
    const { key, values } = (rule ?? {}) as { key?: unknown; values?: unknown };
    if (!(RULE_KEYS as readonly unknown[]).includes(key)) return `rule key must be one of ${RULE_KEYS.join(', ')}`;
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_RULE_VALUES) {
      return `rule values must be a list of 1 to ${MAX_RULE_VALUES} uuids`;
    }
    if (!values.every((v) => isValue(key, v))) return 'rule values must be uuids';
    rules.push({ key: key as string, values: (values as string[]).map((v) => v.toLowerCase()) });
  }
  return rules;
}

export function parseClientFrame(raw: string): ParsedFrame {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return fail('Frame is not valid JSON');
  }
  const frame = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  switch (frame['type']) {
    case 'keep_alive':
      return { ok: true, frame: { type: 'keep_alive' } };
    case 'unsubscribe':
      if (!isSubscriptionId(frame['subscription_id'])) return fail('subscription_id must be a string of 1 to 200 characters');
      return { ok: true, frame: { type: 'unsubscribe', subscription_id: frame['subscription_id'] } };
    case 'subscribe': {
      const id = frame['subscription_id'];
      if (!isSubscriptionId(id)) return fail('subscription_id must be a string of 1 to 200 characters');
      const rules = checkRules(frame['filter']);
      if (typeof rules === 'string') return fail(rules, id);
      const signals = frame['signals'];
      if (signals !== undefined && typeof signals !== 'boolean') return fail('signals must be true or false', id);
      const token = frame['access_token'];
      if (token !== undefined && (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH)) return fail(`access_token must be a string of at most ${MAX_TOKEN_LENGTH} characters`, id);
      return { ok: true, frame: { type: 'subscribe', subscription_id: id, filter: { one_of: rules }, signals: signals === true, ...(token ? { access_token: token } : {}) } };
    }
    case 'typing': {
      const container = frame['content_container_uuid'];
      if (typeof container !== 'string' || !UUID.test(container)) return fail('content_container_uuid must be a uuid');
      return { ok: true, frame: { type: 'typing', content_container_uuid: container.toLowerCase() } };
    }
    default:
      return fail('Unknown frame type');
  }
}
