/**
 * What a content change tells the notifications feature (`app.contentNotices`): a new item, a
 * like, held items approved. The engine's writes and changes call these, so the engine needs no
 * import of this feature (docs/architecture.md), as with `app.moderationQueue`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContainersTable, ContentsTable } from '../storage/schema.ts';
import { notifyApprovedMany, notifyLike, notifyNewContent } from './create.ts';

export interface ContentNotices {
  // Each answers whether it is all done (false: a failure, logged; a followup stays for the sweep).
  /** A new item: a reply to its parent's author, then its author's followers, then the page's (create.ts), and their mails. */
  created(row: ContentsTable, container: ContainersTable, parent?: ContentsTable): Promise<boolean>;
  /** A like of `item` by `liker`. */
  liked(item: ContentsTable, liker: string): Promise<boolean>;
  /** Held items a moderator approved: notified as on posting. */
  approved(uuids: string[]): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentNotices: ContentNotices;
  }
}

function contentNotices(app: FastifyInstance): ContentNotices {
  return {
    created: (row, container, parent) => notifyNewContent(app, row, container, parent),
    liked: (item, liker) => notifyLike(app, item, liker),
    approved: (uuids) => notifyApprovedMany(app, uuids),
  };
}

export default fp(async (app) => {
  app.decorate('contentNotices', contentNotices(app));
}, { name: 'vf-content-notices' });
