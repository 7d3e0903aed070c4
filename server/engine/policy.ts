/**
 * What differs between kinds of content (docs/server.md "One content engine"). The engine's
 * routes (reads.ts, writes.ts, changes.ts) are the same for every kind; each kind passes its
 * policy, which says who may start and answer, how words are checked, what is held, which
 * paths the spec gives its calls, and what its events are called.
 */
import type { Kysely } from 'kysely';
import type { EventContentType, LiveblogPage, MediaItem } from '../../core/api/types.ts';
import type { Action, Subject } from '../../core/permissions/index.ts';
import type { Viewer } from '../content/visibility.ts';
import type { ContainerKind, ContainersTable, ContentType, ContentsTable, Database } from '../storage/schema.ts';
import type { Site } from './sites.ts';

/** A rule of the permission table (core/permissions): subject and action. */
export interface Rule<S extends Subject = Subject> {
  subject: S;
  action: Action<S>;
}

/** Words ready to store, or why not (a 400 naming `content`). */
export type CheckedText = { ok: true; text: string; media: MediaItem[] | null } | { ok: false; message: string };

/** A page of the kind's root items (each kind lists its own way: order, pinned, embedded replies). */
export interface ListContext {
  db: Kysely<Database>;
  container: ContainersTable;
  viewer: Viewer;
  /** The root item to continue after (already checked to be one of this container's roots). */
  after: ContentsTable | null;
}

export interface KindPolicy<Q extends { limit: number } = { limit: number }> {
  kind: ContainerKind;
  /** The row types of its root items and of their replies. */
  types: { root: ContentType; reply: ContentType };
  /** The `content_type` of events about the container itself (items' follow their type: content-writes.ts). */
  containerEvents: EventContentType;
  /** Who may start a root item, answer, like, dislike and flag (core/permissions). */
  rules: { root: Rule; reply: Rule; like: Rule; dislike: Rule; flag: Rule };
  /** What an error calls one item ("comment", "post"). */
  noun: string;
  /** Normalises and checks the words of a root item or a reply (and resolves a post's images). */
  checkText(db: Kysely<Database>, container: ContainersTable, isReply: boolean, input: string): Promise<CheckedText>;
  /** Whether a new item by this author waits for a moderator. */
  holds(site: Site, container: ContainersTable, privileged: boolean, isReply: boolean): boolean;
  /** Whether a new item counts against the posting rate limit (server.md "Rate limits"). */
  rateLimited(isReply: boolean): boolean;
  /**
   * A kind with its own flood limit (a chat's messages are many and short): its own bucket, and
   * that many times `VF_POST_LIMIT` per minute. Default: the comments' bucket and limit.
   */
  rate?: { bucket: string; scale: number };
  /** The kind's own pace for a reader (a chat's slow mode): throws when it is too soon. */
  pace?(db: Kysely<Database>, container: ContainersTable, actorUuid: string): Promise<void>;
  /** Whether editors (comment.moderate) edit their own items without the reader's edit window. */
  editorsUnbound: boolean;
  /**
   * The kind posts and edits with its own calls (reviews: stars, title and text); the engine
   * then mounts no POST of root items or replies and no text edit, and its likes, removal,
   * flags and moderation still apply.
   */
  ownWrites?: boolean;
  /** Given, a like of one's own item is refused (403) with this message (reviews' helpful votes). */
  ownLikeRefused?: string;
  /** The kind's own fields of an item beside the engine's (JSON schema properties; a review's stars and title). */
  itemFields?: Record<string, object>;
  /** Whether guests may write under an anonymous name (the site's enable_anonymous_comments). */
  anonymous: boolean;
  /** The list of root items: its query options (JSON schema properties) and its page. */
  list: {
    query: Record<string, unknown>;
    /** One stream of every item (a chat): `starting_from` may name a reply too. */
    flat?: boolean;
    page(ctx: ListContext, query: Q): Promise<LiveblogPage>;
  };
  /** The spec's paths for the shared calls, under `/:section/:container/` (content.md §7). */
  paths: {
    roots: string;
    reply: string;
    /** GET one item (conversations only). */
    read?: string;
    /** GET several items by uuid (default `selection`). */
    selection?: string;
    remove: string;
    like: string;
    dislike: string;
    flag: string;
    /** Editor's picks and pins, where the kind has them. */
    pick?: string;
    pin?: { url: string; on: 'POST' | 'PUT' };
  };
}

/** The type of a new row: a root item, or a reply. */
export const typeOf = (policy: KindPolicy<any>, isReply: boolean): ContentType => (isReply ? policy.types.reply : policy.types.root);
