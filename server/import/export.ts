/**
 * A site's comments as one JSON document (docs/import.md "Export"), made piece by piece: the
 * conversations a page at a time and each one's comments a page at a time, so memory holds one
 * page whatever the site's size. `EXPORT_SCHEMA` describes the document (the route's response).
 *
 * Privacy: authors are named as readers see them (a guest by the name they gave); an author's
 * email only when the export asks for it (`include_email`, admins only), and only a real address.
 * Password hashes never. A deleted comment keeps its place (its replies hang from it) with an
 * empty body: its author removed the text.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { Site } from '../engine/sites.ts';
import { validEmail } from './importStore.ts';

export const EXPORT_FORMAT = 'vf-comments';
export const EXPORT_VERSION = 1;
const PAGE = 500;

export interface ExportOptions {
  includeEmail?: boolean;
}

const nullable = (type: string) => ({ type: [type, 'null'] });
const author = {
  type: 'object',
  additionalProperties: false,
  properties: { uuid: { type: 'string' }, name: { type: 'string' }, guest: { type: 'boolean' }, email: nullable('string') },
  required: ['uuid', 'name', 'guest'],
} as const;
const comment = {
  type: 'object',
  additionalProperties: false,
  properties: {
    uuid: { type: 'string' }, parent_uuid: nullable('string'), thread_uuid: { type: 'string' }, state: { type: 'string' }, content: { type: 'string' },
    author, date_created: { type: 'integer' }, date_edited: nullable('integer'), is_pinned: { type: 'boolean' }, is_picked: { type: 'boolean' },
    total_likes: { type: 'integer' }, total_dislikes: { type: 'integer' },
  },
} as const;
/** The export document (JSON Schema): what `GET /api/v2/sites/{uuid}/export` streams. */
export const EXPORT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    format: { type: 'string', const: EXPORT_FORMAT },
    version: { type: 'integer' },
    exported_at: { type: 'integer' },
    site: { type: 'object', additionalProperties: false, properties: { uuid: { type: 'string' }, name: { type: 'string' } } },
    include_email: { type: 'boolean' },
    threads: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          uuid: { type: 'string' }, container_id: { type: 'string' }, date_created: { type: 'integer' }, is_closed: { type: 'boolean' },
          is_hidden: { type: 'boolean' }, comments: { type: 'array', items: comment },
        },
      },
    },
  },
} as const;

/** The document's text, in pieces (each a whole number of JSON values and punctuation). */
export async function* exportSite(db: Kysely<Database>, site: Pick<Site, 'uuid' | 'name'>, options: ExportOptions = {}): AsyncGenerator<string> {
  const includeEmail = options.includeEmail === true;
  const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: Date.now(), site: { uuid: site.uuid, name: site.name }, include_email: includeEmail };
  yield `${JSON.stringify(head).slice(0, -1)},"threads":[`;
  let after = '';
  let firstThread = true;
  for (;;) {
    const containers = await db
      .selectFrom('containers')
      .select(['uuid', 'container_id', 'date_created', 'is_closed', 'is_hidden'])
      .where('site_uuid', '=', site.uuid)
      .where('kind', '=', 'conversation')
      .where('uuid', '>', after)
      .orderBy('uuid')
      .limit(PAGE)
      .execute();
    for (const c of containers) {
      const thread = { uuid: c.uuid, container_id: c.container_id, date_created: Number(c.date_created), is_closed: Number(c.is_closed) === 1, is_hidden: Number(c.is_hidden) === 1 };
      yield `${firstThread ? '' : ','}${JSON.stringify(thread).slice(0, -1)},"comments":[`;
      firstThread = false;
      yield* commentsOf(db, c.uuid, includeEmail);
      yield ']}';
    }
    if (containers.length < PAGE) break;
    after = containers[containers.length - 1]!.uuid;
  }
  yield ']}\n';
}

interface Cursor {
  date: number;
  uuid: string;
}

/** One container's comments, oldest first, a page per piece. */
async function* commentsOf(db: Kysely<Database>, containerUuid: string, includeEmail: boolean): AsyncGenerator<string> {
  let cursor: Cursor | null = null;
  let first = true;
  for (;;) {
    const rows = await commentPage(db, containerUuid, cursor);
    if (rows.length === 0) return;
    const items = rows.map((row) => {
      const guest = row.anonymous_name != null;
      const email = includeEmail && !guest && validEmail(row.actor_email) ? row.actor_email : undefined;
      return JSON.stringify({
        uuid: row.uuid,
        parent_uuid: row.parent_uuid,
        thread_uuid: row.thread_uuid,
        state: row.state,
        content: row.state === 'deleted' ? '' : row.content,
        author: { uuid: row.actor_uuid, name: guest ? row.anonymous_name : row.actor_name, guest, ...(email === undefined ? {} : { email }) },
        date_created: Number(row.date_created),
        date_edited: row.date_edited == null ? null : Number(row.date_edited),
        is_pinned: Number(row.is_pinned) === 1,
        is_picked: Number(row.is_picked) === 1,
        total_likes: Number(row.total_likes),
        total_dislikes: Number(row.total_dislikes),
      });
    });
    yield `${first ? '' : ','}${items.join(',')}`;
    first = false;
    const last = rows[rows.length - 1]!;
    cursor = { date: Number(last.date_created), uuid: last.uuid };
    if (rows.length < PAGE) return;
  }
}

/** A page of a container's comments with their authors, after `from` in (date, uuid) order. */
function commentPage(db: Kysely<Database>, containerUuid: string, from: Cursor | null) {
  return db
    .selectFrom('contents')
    .innerJoin('users', 'users.uuid', 'contents.actor_uuid')
    .select([
      'contents.uuid', 'contents.parent_uuid', 'contents.thread_uuid', 'contents.state', 'contents.content', 'contents.anonymous_name', 'contents.date_created',
      'contents.date_edited', 'contents.is_pinned', 'contents.is_picked', 'contents.total_likes', 'contents.total_dislikes', 'users.uuid as actor_uuid',
      'users.name as actor_name', 'users.email as actor_email',
    ])
    .where('contents.container_uuid', '=', containerUuid)
    .$if(from !== null, (q) =>
      q.where((eb) => eb.or([eb('contents.date_created', '>', from!.date), eb.and([eb('contents.date_created', '=', from!.date), eb('contents.uuid', '>', from!.uuid)])])),
    )
    .orderBy('contents.date_created')
    .orderBy('contents.uuid')
    .limit(PAGE)
    .execute();
}
