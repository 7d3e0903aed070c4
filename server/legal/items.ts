/**
 * An item as a statement of reasons or a notice shows it (core/legal/types.ts LegalItem): its
 * text cut short, its state, the page it is on (the server's page join, as the moderation queue
 * reads it, never a caller's claim) and its author; or a reader's profile (name or picture, a ban).
 */
import type { Kysely } from 'kysely';
import { decodeEntities } from '../../core/text/htmlEntities.ts';
import type { LegalItem } from '../../core/legal/types.ts';
import { kindOf } from '../moderation/index.ts';
import { CONFIRMED_META, pageOfContainer } from '../pages/index.ts';
import type { Database } from '../storage/schema.ts';

/** An excerpt's length at most (LegalItem.excerpt). */
export const LEGAL_EXCERPT_LENGTH = 500;

/** Stored text (sanitised HTML or rich-text markup) as plain text, at most LEGAL_EXCERPT_LENGTH characters. */
export function plainExcerpt(content: string): string {
  const text = decodeEntities(content.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return text.length > LEGAL_EXCERPT_LENGTH ? `${text.slice(0, LEGAL_EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/** What a reader's item is called in a mail or a statement's facts. */
export function itemNoun(kind: string): string {
  return { comment: 'comment', liveblog_reply: 'reply on a live blog', chat_message: 'chat message', review: 'review' }[kind] ?? 'item';
}

/** The content items, by uuid (ones that are gone are left out). */
export async function contentItems(db: Kysely<Database>, uuids: string[]): Promise<Map<string, LegalItem>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('contents')
    .innerJoin('containers', 'containers.uuid', 'contents.container_uuid')
    .leftJoin('users', 'users.uuid', 'contents.actor_uuid')
    .leftJoin('pages', (join) => join.on('pages.uuid', '=', pageOfContainer(db)).on('pages.meta_source', 'in', CONFIRMED_META))
    .select([
      'contents.uuid', 'contents.type', 'contents.state', 'contents.content', 'contents.actor_uuid', 'contents.anonymous_name',
      'users.name as author_name', 'users.user_privilege as author_privilege', 'pages.url as page_url', 'pages.title as page_title',
    ])
    .where('contents.uuid', 'in', uuids)
    .execute();
  return new Map(rows.map((row) => {
    const guest = row.author_privilege === 'guest';
    const item: LegalItem = {
      content_uuid: row.uuid,
      kind: kindOf(row.type) ?? row.type,
      excerpt: plainExcerpt(row.content),
      state: row.state,
      page_url: row.page_url ?? null,
      page_title: row.page_title ?? null,
      author_uuid: guest ? null : row.actor_uuid,
      author_name: (guest ? row.anonymous_name : row.author_name) ?? null,
    };
    return [row.uuid, item];
  }));
}

/**
 * Readers' profiles, by uuid. `nameRemoved`: the name a decision took away is shown (it waits as
 * a rejected name, `username_pending`), not the one shown since.
 */
export async function profileItems(db: Kysely<Database>, uuids: string[], nameRemoved: Set<string> = new Set()): Promise<Map<string, LegalItem>> {
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['uuid', 'name', 'username_pending', 'username_moderation_status']).where('uuid', 'in', uuids).execute();
  return new Map(rows.map((row) => {
    const removed = nameRemoved.has(row.uuid) && row.username_moderation_status === 'rejected' && row.username_pending ? row.username_pending : null;
    const item: LegalItem = {
      content_uuid: null, kind: 'profile', excerpt: removed ?? row.name, state: null, page_url: null, page_title: null, author_uuid: row.uuid, author_name: row.name,
    };
    return [row.uuid, item];
  }));
}

/** An item that is no longer stored (erased with its reader's account). */
export const goneItem = (contentUuid: string | null, authorUuid: string | null): LegalItem => ({
  content_uuid: contentUuid, kind: contentUuid ? 'comment' : 'profile', excerpt: null, state: null, page_url: null, page_title: null, author_uuid: authorUuid, author_name: null,
});
