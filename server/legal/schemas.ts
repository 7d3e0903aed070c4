/**
 * Response schemas of the legal calls (core/legal/types.ts): an item as a statement or a notice
 * shows it, a statement of reasons, an appeal, a notice as moderators see it. Serialising through
 * them keeps every field not named here (an author's email, a reporter's uuid) out of the answer.
 * The appeal calls (appealRoutes.ts) build their answers from these too.
 */
import { APPEAL_STATES, GROUND_TYPES, NOTICE_STATES, NOTICE_TARGET_TYPES, RESTRICTIONS } from '../../core/legal/types.ts';
import { count, nullable, shape } from '../engine/schemas.ts';

const text = { type: 'string' } as const;
const flag = { type: 'boolean' } as const;
const oneOf = (values: readonly string[]) => ({ type: 'string', enum: [...values] }) as const;
const orNull = (schema: object) => ({ anyOf: [schema, { type: 'null' }] }) as const;

/** Someone who decided: a moderator's uuid and name. */
export const someoneSchema = shape({ uuid: text, name: text }, ['uuid', 'name']);

export const legalItemSchema = shape(
  {
    content_uuid: nullable('string'), kind: text, excerpt: nullable('string'), state: nullable('string'),
    page_url: nullable('string'), page_title: nullable('string'), author_uuid: nullable('string'), author_name: nullable('string'),
  },
  ['content_uuid', 'kind', 'excerpt', 'state', 'page_url', 'page_title', 'author_uuid', 'author_name'],
);

export const appealSchema = shape(
  {
    uuid: text, appellant_role: oneOf(['author', 'reporter']), text, state: oneOf(APPEAL_STATES), explanation: nullable('string'),
    date_created: count, decided_at: nullable('integer'), single_moderator: flag,
  },
  ['uuid', 'appellant_role', 'text', 'state', 'explanation', 'date_created', 'decided_at', 'single_moderator'],
);

export const statementSchema = shape(
  {
    uuid: text, restriction: oneOf(RESTRICTIONS), ground_type: oneOf(GROUND_TYPES), ground: text, ground_label: text,
    explanation: nullable('string'), facts: text, automated: flag, automated_rule: nullable('string'),
    state: oneOf(['in_force', 'reversed']), date_created: count, appeal_until: count, item: legalItemSchema, appeal: orNull(appealSchema),
  },
  ['uuid', 'restriction', 'ground_type', 'ground', 'ground_label', 'explanation', 'facts', 'automated', 'automated_rule', 'state', 'date_created', 'appeal_until', 'item', 'appeal'],
);

export const noticeHistorySchema = shape({ what: text, by: nullable('string'), at: count }, ['what', 'by', 'at']);

export const noticeItemSchema = shape(
  {
    uuid: text, reference: text, target_type: oneOf(NOTICE_TARGET_TYPES), kind: text, kind_label: text, explanation: text,
    reporter_name: nullable('string'), reporter_email: nullable('string'), trusted: flag, state: oneOf(NOTICE_STATES),
    decided_by: orNull(someoneSchema), decided_at: nullable('integer'), date_created: count, item: legalItemSchema,
    history: { type: 'array', items: noticeHistorySchema },
  },
  ['uuid', 'reference', 'target_type', 'kind', 'kind_label', 'explanation', 'reporter_name', 'reporter_email', 'trusted', 'state', 'decided_by', 'decided_at', 'date_created', 'item', 'history'],
);

/** `POST /legal/notices`'s answer. */
export const noticeReceipt = shape({ uuid: text, reference: text }, ['uuid', 'reference']);

/** `GET /moderation/notices`'s answer. */
export const noticePage = shape({ items: { type: 'array', items: noticeItemSchema }, next_cursor: nullable('string') }, ['items', 'next_cursor']);

/** `POST /moderation/notices/:uuid/decision`'s answer. */
export const noticeDecided = shape({ notice: noticeItemSchema, statement_uuid: nullable('string') }, ['notice', 'statement_uuid']);

/** `GET /legal/statements/mine`'s answer. */
export const statementList = shape({ items: { type: 'array', items: statementSchema } }, ['items']);
