/** The polls service's request and response schemas (docs/api.md "Polls"). */
import { MAX_OPTION_LENGTH, MAX_OPTIONS, MAX_QUESTION_LENGTH, MIN_OPTIONS, RESULTS_VISIBILITY } from '../../core/api/pollTypes.ts';
import { answers, strictObject, uuid } from '../routes/schemas.ts';

/** The publisher's id for a poll (the element's poll-id): like a container id. */
const pollId = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\p{Cc}\\s]+$' } as const;
/** A guest's per-browser token (made by the client, kept in localStorage; stored hashed). */
const voterToken = { type: 'string', minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' } as const;
const closesAt = { type: ['integer', 'null'], minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const visibility = { type: 'string', enum: RESULTS_VISIBILITY } as const;
const question = { type: 'string', minLength: 1, maxLength: MAX_QUESTION_LENGTH } as const;

export const pollQuery = strictObject({ poll_id: pollId, voter_token: voterToken }, ['poll_id']);

export const createBody = strictObject(
  {
    poll_id: pollId,
    question,
    options: { type: 'array', minItems: MIN_OPTIONS, maxItems: MAX_OPTIONS, items: { type: 'string', minLength: 1, maxLength: MAX_OPTION_LENGTH } },
    multiple: { type: 'boolean', default: false },
    results_visibility: { ...visibility, default: 'always' },
    closes_at: { ...closesAt, default: null },
    content_uuid: uuid,
  },
  ['poll_id', 'question', 'options'],
);

export const editBody = { ...strictObject({ question, results_visibility: visibility, closes_at: closesAt }), minProperties: 1 };

export const voteBody = strictObject(
  { options: { type: 'array', minItems: 1, maxItems: MAX_OPTIONS, uniqueItems: true, items: uuid }, voter_token: voterToken },
  ['options'],
);

const option = {
  type: 'object',
  additionalProperties: false,
  properties: { uuid: { type: 'string' }, text: { type: 'string' }, votes: { type: ['integer', 'null'] } },
  required: ['uuid', 'text', 'votes'],
};

const poll = {
  type: 'object',
  additionalProperties: false,
  properties: {
    uuid: { type: 'string' },
    poll_id: { type: 'string' },
    question: { type: 'string' },
    multiple: { type: 'boolean' },
    results_visibility: { type: 'string' },
    closes_at: { type: ['integer', 'null'] },
    is_closed: { type: 'boolean' },
    total_votes: { type: ['integer', 'null'] },
    results_visible: { type: 'boolean' },
    options: { type: 'array', items: option },
    my_vote: { type: ['array', 'null'], items: { type: 'string' } },
  },
  required: ['uuid', 'poll_id', 'question', 'multiple', 'results_visibility', 'closes_at', 'is_closed', 'total_votes', 'results_visible', 'options', 'my_vote'],
};

/** `{ result: Poll }`; `nullable`: the GET answers `{ result: null }` when the page has no poll yet. */
export const pollResult = (nullable = false) => answers(nullable ? { anyOf: [{ type: 'null' }, poll] } : poll);

export const postPollsResult = answers({
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false,
        properties: { content_uuid: { type: 'string' }, poll_id: { type: 'string' }, options: { type: 'integer' }, open: { type: 'boolean' }, results: { type: 'boolean' } },
        required: ['content_uuid', 'poll_id', 'options', 'open', 'results'],
      },
    },
  },
  required: ['items'],
});
