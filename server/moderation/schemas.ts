/**
 * Response schemas of the moderation queue's calls (core/moderation/types.ts): serialising through
 * them keeps every field not named here (an author's email, a flagger's uuid) out of the answer.
 */
import { HOLD_RULES, QUEUES } from '../../core/moderation/types.ts';
import { count, nullable, shape } from '../engine/schemas.ts';

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const list = (items: object) => ({ type: 'array', items }) as const;
const someone = shape({ uuid: text, name: text }, ['uuid', 'name']);
const someoneOrNull = { anyOf: [someone, { type: 'null' }] } as const;

export const holdReason = shape(
  {
    rule: { type: 'string', enum: [...HOLD_RULES] },
    word: text,
    match: { type: 'array', items: count, minItems: 2, maxItems: 2 },
    link: text,
    scorer: text,
    score: { type: 'number' },
    limit: count,
  },
  ['rule'],
);

export const queueAuthor = shape(
  {
    uuid: text, name: text, pic_small: nullable('string'), date_created: count, badge_trusted: flag, always_premoderate: flag, trusted_flagger: flag,
    counts: shape({ approved: count, rejected: count, reported: count }, ['approved', 'rejected', 'reported']),
  },
  ['uuid', 'name', 'pic_small', 'date_created', 'badge_trusted', 'always_premoderate', 'counts'],
);

export const queueDecision = shape(
  { uuid: text, action: text, actor: someoneOrNull, state_before: text, state_after: text, date_created: count },
  ['uuid', 'action', 'actor', 'state_before', 'state_after', 'date_created'],
);

export const queueItem = shape(
  {
    uuid: text, kind: text, type: text, state: text, content: text, date_created: count, author: queueAuthor,
    page: shape(
      { uuid: nullable('string'), container_uuid: text, title: nullable('string'), url: nullable('string'), section: nullable('string') },
      ['uuid', 'container_uuid', 'title', 'url', 'section'],
    ),
    link: nullable('string'),
    is_picked: flag,
    reason: { anyOf: [holdReason, { type: 'null' }] },
    reports: shape({ count, reasons: list(text) }, ['count', 'reasons']),
    decisions: list(queueDecision),
  },
  ['uuid', 'kind', 'type', 'state', 'content', 'date_created', 'author', 'page', 'link', 'is_picked', 'reason', 'reports', 'decisions'],
);

export const profileItem = shape(
  {
    uuid: text, name: text, username_pending: nullable('string'), pic_small: nullable('string'), pic_pending: nullable('string'), date_created: count,
    waiting: list({ type: 'string', enum: ['username', 'avatar'] }),
  },
  ['uuid', 'name', 'username_pending', 'pic_small', 'pic_pending', 'date_created', 'waiting'],
);

/** Each queue's count, and the open notices and appeals (docs/law.md). */
export const queueCounts = shape(Object.fromEntries([...QUEUES, 'notices', 'appeals'].map((q) => [q, count])), [...QUEUES, 'notices', 'appeals']);

export const queuePage = shape({ items: list({ anyOf: [queueItem, profileItem] }), next_cursor: nullable('string') }, ['items', 'next_cursor']);

export const pageOption = shape({ container_uuid: text, kind: text, title: text, url: text }, ['container_uuid', 'kind', 'title', 'url']);

export const decisionResult = shape(
  {
    decided: list(shape({ uuid: text, state: text, decision_uuid: text }, ['uuid', 'state', 'decision_uuid'])),
    conflicts: list(shape({ uuid: text, decided_by: nullable('string') }, ['uuid', 'decided_by'])),
  },
  ['decided', 'conflicts'],
);

export const staffNote = shape({ uuid: text, text, author: someoneOrNull, date_created: count }, ['uuid', 'text', 'author', 'date_created']);

export const userDrawer = shape(
  {
    user: queueAuthor,
    items: list(queueItem),
    bans: list(shape(
      {
        ban_uuid: text, ban_level: text, user_message: text, is_permanent: flag, is_active: flag, created_by: someoneOrNull,
        date_created: count, date_expired: nullable('integer'), date_revoked: nullable('integer'),
      },
      ['ban_uuid', 'ban_level', 'user_message', 'is_permanent', 'is_active', 'created_by', 'date_created', 'date_expired', 'date_revoked'],
    )),
    notes: list(staffNote),
  },
  ['user', 'items', 'bans', 'notes'],
);
