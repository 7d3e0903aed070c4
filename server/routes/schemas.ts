/**
 * Schema pieces every route shares. Every body and query accepts the client's common fields
 * (`session`, `section`), and every object schema refuses unknown properties.
 */
import { SESSION_ID_PATTERN } from '../auth/index.ts';
import { normaliseName } from '../content/normalise.ts';
import { badRequest } from '../errors.ts';

export const uuid = { type: 'string', format: 'uuid' } as const;

/** A user's display name: 1–50 characters, no control characters; `storedUserName` refuses a blank one. */
export const userName = { type: 'string', minLength: 1, maxLength: 50, pattern: '^[^\\p{Cc}]*$' } as const;

/** The name to store (normaliseName); one that shows nothing (core/text/blankText.ts) is a 400. */
export function storedUserName(name: string): string {
  const clean = normaliseName(name);
  if (!clean) throw badRequest('Name cannot be empty', 'name');
  return clean;
}

/** An http(s) address (pages, broadcast links and images). */
export const httpUrl = { type: 'string', minLength: 1, maxLength: 2048, pattern: '^https?://[^\\s]+$' } as const;

/** A user named by uuid or by numeric id (spec §7 `users/{id}`). */
export const userId = { type: 'string', anyOf: [uuid, { pattern: '^[1-9][0-9]{0,14}$' }] } as const;

export const commonFields = {
  session: { type: 'string', pattern: SESSION_ID_PATTERN },
  section: uuid,
} as const;

/** An object schema with the common fields, no others beyond `properties`. */
export function strictObject(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, properties: { ...commonFields, ...properties }, required } as const;
}

/**
 * A route's success answers (`response`): `{ result }` with `result` as given (docs/api.md: the
 * client unwraps it). The schema also keeps what it does not name from leaking into the answer.
 */
export function answers(result: object) {
  return { 200: { type: 'object', additionalProperties: false, properties: { result }, required: ['result'] } } as const;
}

/** Params have no common fields: only the named path parts. */
export function params(names: string[]) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, uuid])),
    required: names,
  } as const;
}

/** Common fields every body and query may carry. */
export interface Common {
  session?: string;
  section?: string;
}

/** preValidation for routes whose body may be absent (DELETE, likes): absent reads as `{}`. */
export async function absentBodyIsEmpty(request: { body: unknown }): Promise<void> {
  request.body ??= {};
}

/**
 * A non-JSON answer (a page, a script, an image) for `response`: its description and content
 * types. Its body is sent as it is (a string, a file, a stream): a schema per content type says
 * so, and nothing is serialised through it. Use `*\/*` for files of any type.
 */
export function sends(description: string, ...types: string[]) {
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])) } as const;
}

/** An answer without a body (a redirect, a 204): its description only. */
export function noBody(description: string) {
  return { description, content: {} } as const;
}
